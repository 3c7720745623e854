package org.animalstore.bootstrap.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.ContextInitializer;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.spi.ContextAwareBase;
import java.util.Locale;
import org.slf4j.Logger;

/**
 * The service's logging, set up in code: standard output through {@link BufferedConsoleAppender}, root
 * level INFO, readable lines or, with {@code LOG_FORMAT=json}, one JSON object per line. Logback's XML
 * configuration would load some 600 more classes and take ~40 ms of every start (docs/performance.md).
 * A file named by {@code -Dlogback.configurationFile}, or a {@code logback.xml} or {@code logback-test.xml}
 * on the class path, still wins: this configurator then steps aside.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_NORMAL_PRIORITY)
public final class ServiceLogConfigurator extends ContextAwareBase implements Configurator {

    static final String TEXT_PATTERN = "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level [%thread] %logger{36} [%X{requestId:--} %X{traceId:--}] - %msg%n";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (configurationFileGiven()) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        applyTo(context);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** Sets the service's logging up on this context, whatever configuration files the class path holds. */
    public void applyTo(LoggerContext context) {
        BufferedConsoleAppender console = new BufferedConsoleAppender();
        console.setContext(context);
        console.setName("CONSOLE");
        console.setEncoder(encoder(context, logFormat(context)));
        console.start();
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(console);
    }

    private static boolean configurationFileGiven() {
        ClassLoader classLoader = ServiceLogConfigurator.class.getClassLoader();
        return System.getProperty(ContextInitializer.CONFIG_FILE_PROPERTY) != null
                || classLoader.getResource(ContextInitializer.TEST_AUTOCONFIG_FILE) != null
                || classLoader.getResource(ContextInitializer.AUTOCONFIG_FILE) != null;
    }

    /** LOG_FORMAT as a logger-context property (tests), a system property or an environment variable. */
    private String logFormat(LoggerContext context) {
        String format = context.getProperty("LOG_FORMAT");
        if (format == null) {
            format = System.getProperty("LOG_FORMAT", System.getenv("LOG_FORMAT"));
        }
        format = format == null || format.isBlank() ? "text" : format.trim().toLowerCase(Locale.ROOT);
        if (!format.equals("text") && !format.equals("json")) {
            addWarn("LOG_FORMAT must be text or json, not '" + format + "': writing text");
            return "text";
        }
        return format;
    }

    private static Encoder<ILoggingEvent> encoder(LoggerContext context, String format) {
        if (format.equals("json")) {
            // timestamp (epoch ms), level, threadName, loggerName, mdc (requestId), kvpList (access-log fields), formattedMessage, throwable
            JsonEncoder json = new JsonEncoder();
            json.setContext(context);
            json.setWithSequenceNumber(false);
            json.setWithNanoseconds(false);
            json.setWithContext(false);
            json.setWithArguments(false);
            json.setWithMessage(false);
            json.setWithFormattedMessage(true);
            json.start();
            return json;
        }
        PatternLayoutEncoder text = new PatternLayoutEncoder();
        text.setContext(context);
        text.setPattern(TEXT_PATTERN);
        text.start();
        return text;
    }
}
