package org.animalstore.bootstrap.support;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.slf4j.LoggerFactory;

/** Records what the service logs (at INFO and above for the named loggers) while it is open. */
public final class LogCapture implements AutoCloseable {

    private final List<ILoggingEvent> events = new CopyOnWriteArrayList<>();
    private final Map<Logger, Level> previousLevels = new HashMap<>();
    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    private final AppenderBase<ILoggingEvent> appender = new AppenderBase<>() {
        @Override
        protected void append(ILoggingEvent event) {
            // Take the MDC and arguments now, on the thread that logged, as an asynchronous appender would.
            event.prepareForDeferredProcessing();
            events.add(event);
        }
    };

    public LogCapture(String... loggersAtInfo) {
        for (String name : loggersAtInfo) {
            Logger logger = (Logger) LoggerFactory.getLogger(name);
            previousLevels.put(logger, logger.getLevel());
            logger.setLevel(Level.INFO);
        }
        appender.setContext(root.getLoggerContext());
        appender.start();
        root.addAppender(appender);
    }

    public List<ILoggingEvent> events() {
        return List.copyOf(events);
    }

    public List<ILoggingEvent> from(String loggerName) {
        return events.stream().filter(event -> event.getLoggerName().equals(loggerName)).toList();
    }

    public List<ILoggingEvent> withRequestId(String requestId) {
        return events.stream().filter(event -> requestId.equals(event.getMDCPropertyMap().get("requestId"))).toList();
    }

    /**
     * {@link #from} once it holds at least {@code count} events, or after 5 s: the key gate logs its 401 just after
     * writing it (ConnectionGuard), so a client may read the answer a moment before its access line exists.
     */
    public List<ILoggingEvent> awaitFrom(String loggerName, int count) throws InterruptedException {
        awaitUntil(() -> from(loggerName).size() >= count);
        return from(loggerName);
    }

    /** {@link #withRequestId} once it holds an event, or after 5 s (see {@link #awaitFrom}). */
    public List<ILoggingEvent> awaitRequestId(String requestId) throws InterruptedException {
        awaitUntil(() -> !withRequestId(requestId).isEmpty());
        return withRequestId(requestId);
    }

    /** Waits up to 5 s for what was logged to satisfy {@code condition}; the caller asserts what it finds. */
    public void awaitUntil(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    /** The key-value pairs an event carries, as text. */
    public static Map<String, String> fields(ILoggingEvent event) {
        Map<String, String> fields = new HashMap<>();
        if (event.getKeyValuePairs() != null) {
            event.getKeyValuePairs().forEach(pair -> fields.put(pair.key, String.valueOf(pair.value)));
        }
        return fields;
    }

    @Override
    public void close() {
        root.detachAppender(appender);
        appender.stop();
        previousLevels.forEach(Logger::setLevel);
    }
}
