package org.animalstore.bootstrap.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import ch.qos.logback.core.util.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Marker;
import org.slf4j.event.KeyValuePair;

/**
 * Bounds what repeated events cost: per interval at most {@code perTemplate} events of one logger and message template,
 * and {@code total} in all, get through; at its end one line per template counts what was suppressed (key
 * {@code suppressed}). Exempt loggers have a budget of their own (the access log). Logback's DuplicateMessageFilter
 * drops repeats for good and counts nothing, hence this one.
 */
public final class RepeatLimitFilter extends TurboFilter {

    private record Template(Logger logger, String format) {
    }

    /** What one logger and template did in the current interval. */
    private static final class Count {
        int written;
        long suppressed;
        Level level = Level.TRACE;
    }

    private Duration interval = Duration.buildBySeconds(10);
    private int perTemplate = 5;
    private int total = 50;
    private Level threshold = Level.INFO;
    private final Set<String> exempt = new HashSet<>();

    // Guarded by this: the current interval. Entries exist only for templates that wrote, so at most `total`.
    private Map<Template, Count> counts = new HashMap<>();
    private int written;
    private long suppressedUnlisted;

    public void setInterval(Duration interval) {
        this.interval = interval;
    }

    public void setPerTemplate(int perTemplate) {
        this.perTemplate = perTemplate;
    }

    public void setTotal(int total) {
        this.total = total;
    }

    /** Events below this level pass untouched (INFO by default). */
    public void setThreshold(Level threshold) {
        this.threshold = threshold;
    }

    /** A logger whose events pass untouched: one with a budget of its own. */
    public void addExempt(String loggerName) {
        exempt.add(loggerName);
    }

    @Override
    public void start() {
        if (perTemplate < 1 || total < perTemplate || interval.getMilliseconds() < 1) {
            addError("perTemplate must be positive, total at least perTemplate, interval positive");
            return;
        }
        // Registered with the context, whose reset (and stop) cancels it.
        long millis = interval.getMilliseconds();
        getContext().addScheduledFuture(getContext().getScheduledExecutorService()
                .scheduleAtFixedRate(this::endInterval, millis, millis, TimeUnit.MILLISECONDS));
        super.start();
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
        // No format and no throwable: a level check (isDebugEnabled), not an event.
        if (format == null && t == null || !isStarted() || !level.isGreaterOrEqual(threshold)
                || !level.isGreaterOrEqual(logger.getEffectiveLevel()) || exempt.contains(logger.getName())) {
            return FilterReply.NEUTRAL;
        }
        return admit(new Template(logger, format), level) ? FilterReply.NEUTRAL : FilterReply.DENY;
    }

    private synchronized boolean admit(Template template, Level level) {
        if (!counts.containsKey(template) && written >= total) {
            suppressedUnlisted++;
            return false;
        }
        Count count = counts.computeIfAbsent(template, unused -> new Count());
        if (count.written < perTemplate && written < total) {
            count.written++;
            written++;
            return true;
        }
        count.suppressed++;
        count.level = level.isGreaterOrEqual(count.level) ? level : count.level;
        return false;
    }

    /** Ends the interval (the schedule does, and the service before logging stops): reports what it suppressed. */
    public void endInterval() {
        Map<Template, Count> ended;
        long unlisted;
        synchronized (this) {
            ended = counts;
            unlisted = suppressedUnlisted;
            counts = new HashMap<>();
            written = 0;
            suppressedUnlisted = 0;
        }
        ended.forEach((template, count) -> {
            if (count.suppressed > 0) {
                report(template.logger(), count.level, "suppressed {} similar events in {}: {}",
                        count.suppressed, interval, template.format());
            }
        });
        if (unlisted > 0) {
            report(((LoggerContext) getContext()).getLogger(RepeatLimitFilter.class), Level.WARN,
                    "suppressed {} events in {}: over {} events", unlisted, interval, total);
        }
    }

    /** Straight to the logger's appenders: the report must not be counted or suppressed itself. */
    private static void report(Logger logger, Level level, String format, long suppressed, Object... more) {
        Object[] arguments = Stream.concat(Stream.of(suppressed), Stream.of(more)).toArray();
        LoggingEvent event = new LoggingEvent(Logger.class.getName(), logger, level, format, null, arguments);
        event.addKeyValuePair(new KeyValuePair("suppressed", suppressed));
        logger.callAppenders(event);
    }
}
