package org.animalstore.adapters.rest.ops;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.web.router.ErrorRouteInfo;
import io.micronaut.web.router.RouteAttributes;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The service's meters: Micronaut's request timer {@code http.server.requests} for every answer, with the tags
 * Micronaut's own filter (off, ADR 0070) gives it; which keys are in use, who still calls deprecated operations, and
 * how often callers are turned away. Meters are kept per tag set: the tag values are bounded.
 */
@Singleton
@Requires(bean = MeterRegistry.class)
public final class ApiMetrics {

    static final String SERVER_REQUESTS = "http.server.requests";
    /** What Micronaut's timer calls a request no route matched. */
    static final String UNMATCHED_URI = "UNMATCHED_URI";
    /** The exception tag of an answer no exception led to. */
    static final String NO_EXCEPTION = "none";

    /** The latency buckets of {@value #SERVER_REQUESTS} (seconds): Micronaut's setting. */
    static final String BUCKETS = "micronaut.metrics.binders.web.server.slos";

    private record TimerTags(String method, int status, String uri, String exception) {
    }

    private final MeterRegistry registry;
    private final Duration[] buckets;
    // One map per counter, keyed by what varies: counting a keyed request or a 401 allocates nothing.
    private final Map<String, Counter> keyRequests = new ConcurrentHashMap<>();
    private final Map<String, Counter> authenticationFailures = new ConcurrentHashMap<>();
    private final Map<TimerTags, Timer> answers = new ConcurrentHashMap<>();

    ApiMetrics(MeterRegistry registry, @Property(name = BUCKETS) @Nullable List<Double> bucketSeconds) {
        this.registry = registry;
        this.buckets = bucketSeconds == null ? new Duration[0]
                : bucketSeconds.stream().map(seconds -> Duration.ofNanos(Math.round(seconds * 1e9))).toArray(Duration[]::new);
    }

    void authenticatedRequest(String keyLabel) {
        keyRequests.computeIfAbsent(keyLabel, key -> counter("animalstore.api.requests", "Authenticated API requests, by API-key label", "key", key)).increment();
    }

    /** The counter of authenticated calls to the deprecated operation with this route template, by this key; the caller keeps it. */
    public Counter deprecatedCalls(String operation, String keyLabel) {
        return counter("animalstore.deprecated.calls", "Authenticated calls to deprecated operations, by route and API-key label",
                "operation", operation, "key", keyLabel);
    }

    /** Tagged {@code reason}: {@code missing} (no Authorization header) or {@code invalid} (malformed, or an unknown key). */
    void authenticationFailure(boolean credentialsPresented) {
        authenticationFailures.computeIfAbsent(credentialsPresented ? "invalid" : "missing",
                reason -> counter("animalstore.auth.failures", "Requests answered 401, by reason", "reason", reason)).increment();
    }

    private Counter counter(String name, String description, String... tags) {
        return Counter.builder(name).description(description).tags(tags).register(registry);
    }

    /** One answer in the request timer: {@code uri} as {@link #uriTag}, {@code exception} as {@link #exceptionTag}. */
    void answered(String method, int status, String uri, String exception, long nanos) {
        answers.computeIfAbsent(new TimerTags(method, status, uri, exception), tags -> Timer.builder(SERVER_REQUESTS)
                .tag("method", tags.method()).tag("status", Integer.toString(tags.status())).tag("uri", tags.uri())
                .tag("exception", tags.exception()).serviceLevelObjectives(buckets)
                .register(registry)).record(nanos, TimeUnit.NANOSECONDS);
    }

    /** The {@code uri} tag as Micronaut's filter gives it: a 3xx, a 404, the route's template or {@value #UNMATCHED_URI}. */
    static String uriTag(String route, int status) {
        if (status >= 300 && status < 400) {
            return "REDIRECTION";
        }
        if (status == 404) {
            return "NOT_FOUND";
        }
        if (route.equals(Requests.UNMATCHED)) {
            return UNMATCHED_URI;
        }
        return route.equals("/") ? "root" : route;
    }

    /** The {@code exception} tag as Micronaut's filter gives it: the simple name of what led to the answer, or none. */
    static String exceptionTag(HttpResponse<?> response) {
        return RouteAttributes.getException(response)
                .filter(exception -> RouteAttributes.getRouteInfo(response).filter(ErrorRouteInfo.class::isInstance).isEmpty())
                .map(exception -> exception.getClass().getSimpleName())
                .orElse(NO_EXCEPTION);
    }
}
