package org.animalstore.adapters.rest.ops;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.Nullable;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;
import org.slf4j.spi.LoggingEventBuilder;

/**
 * What operators see of every answer, routed ({@link RequestObservationFilter}) or given by the HTTP fence before
 * Micronaut routes it (the fence's with the route {@value Requests#UNMATCHED}): the meters ({@link ApiMetrics}) and
 * the access log, one line per answer on {@value #LOGGER}, never with the key, the raw path or the query.
 * {@value #PROPERTY} lists {@code all}, {@code errors} (400 and up) or {@code off}; the meters count every answer.
 * At most {@value #LIMIT_PROPERTY} lines a second (0: no limit), so a flood of refusals cannot fill the disk; the
 * next line tells how many were left out. Racing threads may let a few more through at the turn of a second.
 */
@Context // a mistyped setting stops the service at startup
public final class AnswerRecorder {

    static final String LOGGER = "animalstore.access";
    static final String PROPERTY = "petstore.access-log";
    static final String LIMIT_PROPERTY = "petstore.access-log-lines-per-second";
    /** What {@link #take(long)} answers when the line must not be written. */
    static final long REFUSED = -1;

    /** Methods a meter may be tagged with; any other is caller-controlled text, counted as UNKNOWN. */
    private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH");
    private static final Logger ACCESS = LoggerFactory.getLogger(LOGGER);
    private static final long SECOND = 1_000_000_000L;

    enum Listing { ALL, ERRORS, OFF }

    private final ManagementPort managementPort;
    private final @Nullable ApiMetrics metrics;
    private final Listing listing;
    private final int perSecond;
    private final AtomicLong second = new AtomicLong(Long.MIN_VALUE);
    private final AtomicInteger used = new AtomicInteger();
    private final AtomicLong unlisted = new AtomicLong();

    AnswerRecorder(ManagementPort managementPort, @Nullable ApiMetrics metrics, @Value("${" + PROPERTY + ":errors}") String listing,
                    @Value("${" + LIMIT_PROPERTY + ":1000}") int linesPerSecond) {
        this.managementPort = managementPort;
        this.metrics = metrics;
        try {
            this.listing = Listing.valueOf(listing.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(PROPERTY + " (PETSTORE_ACCESS_LOG) must be all, errors or off, not '" + listing + "'", e);
        }
        if (linesPerSecond < 0) {
            throw new IllegalStateException(LIMIT_PROPERTY + " (PETSTORE_ACCESS_LOG_LINES_PER_SECOND) must be 0 (no limit) or more, not "
                    + linesPerSecond);
        }
        this.perSecond = linesPerSecond;
    }

    /** One answer of the fence; {@code method} is null when the request line could not be read. */
    public void answered(int localPort, @Nullable String method, int status, String requestId, long startedNanos, boolean credentialsPresented) {
        String known = method != null && METHODS.contains(method) ? method : "UNKNOWN";
        answered(managementPort.isManagementPort(localPort), known, Requests.UNMATCHED, status, ApiMetrics.NO_EXCEPTION,
                Requests.ANONYMOUS, credentialsPresented, requestId, null, startedNanos);
    }

    /** Any answer: the request timer, the API's meters (off the management port), the access line (DEBUG there). */
    void answered(boolean management, String method, String route, int status, String exception, String key,
                  boolean credentialsPresented, String requestId, @Nullable String traceId, long startedNanos) {
        if (metrics != null) {
            metrics.answered(method, status, ApiMetrics.uriTag(route, status), exception, System.nanoTime() - startedNanos);
            if (!management && status == 401) {
                metrics.authenticationFailure(credentialsPresented);
            } else if (!management && !key.equals(Requests.ANONYMOUS)) {
                metrics.authenticatedRequest(key);
            }
        }
        Level level = management ? Level.DEBUG : Level.INFO;
        if (!(listing == Listing.ALL || listing == Listing.ERRORS && status >= 400) || !ACCESS.isEnabledForLevel(level)) {
            return;
        }
        long unlistedBefore = take(System.nanoTime());
        if (unlistedBefore == REFUSED) {
            return;
        }
        if (unlistedBefore > 0) {
            ACCESS.atWarn().addKeyValue("unlisted", unlistedBefore)
                    .log("{} answers not listed: over {} lines a second", unlistedBefore, LIMIT_PROPERTY);
        }
        // A routed request has its id in the MDC already; the fence's answers, written on the event loop, do not.
        MdcEntry mdc = new MdcEntry(MdcEntry.REQUEST_ID, requestId);
        String previous = mdc.updateThreadContext();
        try {
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos);
            LoggingEventBuilder line = ACCESS.atLevel(level)
                    .addKeyValue("method", method)
                    .addKeyValue("route", route)
                    .addKeyValue("status", status)
                    .addKeyValue("durationMs", millis)
                    .addKeyValue("apiKey", key)
                    .addKeyValue("requestId", requestId);
            if (traceId == null) {
                line.log("{} {} {} {}ms key={} id={}", method, route, status, millis, key, requestId);
            } else {
                line.addKeyValue("traceId", traceId).log("{} {} {} {}ms key={} id={} trace={}", method, route, status, millis, key, requestId, traceId);
            }
        } finally {
            mdc.restoreThreadContext(previous);
        }
    }

    /** One line of the budget at {@code nowNanos}: {@link #REFUSED}, or how many went unlisted before it (0 mostly). */
    long take(long nowNanos) {
        if (perSecond == 0) {
            return 0;
        }
        long now = Math.floorDiv(nowNanos, SECOND);
        long current = second.get();
        if (now > current && second.compareAndSet(current, now)) {
            used.set(1);
            return unlisted.getAndSet(0);
        }
        if (used.incrementAndGet() <= perSecond) {
            return 0;
        }
        unlisted.incrementAndGet();
        return REFUSED;
    }
}
