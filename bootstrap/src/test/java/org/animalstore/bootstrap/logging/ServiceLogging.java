package org.animalstore.bootstrap.logging;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.joran.spi.JoranException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The service's logback.xml in a logger context of its own, writing to a buffer instead of standard output. */
final class ServiceLogging implements AutoCloseable {

    final LoggerContext context = new LoggerContext();
    private final ByteArrayOutputStream written = new ByteArrayOutputStream();

    /** {@code logFormat}: LOG_FORMAT, or null for none. */
    ServiceLogging(String logFormat) throws JoranException {
        context.setMDCAdapter(new LogbackMDCAdapter());
        if (logFormat != null) {
            context.putProperty("LOG_FORMAT", logFormat);
        }
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(ServiceLogging.class.getClassLoader().getResource("logback.xml"));
        console().setOutputStream(written);
    }

    Logger logger(String name) {
        return context.getLogger(name);
    }

    AsyncAppender async() {
        return (AsyncAppender) context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("ASYNC");
    }

    ConsoleAppender<?> console() {
        return (ConsoleAppender<?>) async().getAppender("CONSOLE");
    }

    /** Ends the repeat limit's interval now, as its schedule would. */
    void endInterval() {
        context.getTurboFilterList().stream().filter(RepeatLimitFilter.class::isInstance)
                .forEach(filter -> ((RepeatLimitFilter) filter).endInterval());
    }

    /** Stops logging, which writes out what is still queued, and answers everything written. */
    String stopAndRead() {
        context.stop();
        return written.toString(StandardCharsets.UTF_8);
    }

    static List<String> lines(String text) {
        return text.lines().toList();
    }

    @Override
    public void close() {
        context.stop();
    }
}
