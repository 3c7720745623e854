package org.animalstore.adapters.rest.ops;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The API's own meters, beside the framework's {@code http.server.requests}: which keys are in use
 * (to see when a rotated-out key has gone quiet), who still calls deprecated operations, and how
 * often callers are turned away. Counters are looked up once per tag set and kept: the tag values
 * are bounded (configured key labels, route templates, two reasons).
 */
@Singleton
@Requires(bean = MeterRegistry.class)
final class ApiMetrics {

    static final String KEY_REQUESTS = "animalstore.api.requests";
    static final String DEPRECATED_CALLS = "animalstore.deprecated.calls";
    static final String AUTHENTICATION_FAILURES = "animalstore.auth.failures";
    /** Micronaut's request timer, which never sees an answer given before routing nor a 401. */
    static final String SERVER_REQUESTS = "http.server.requests";
    /** What Micronaut's timer calls a request no route matched. */
    static final String UNMATCHED_URI = "UNMATCHED_URI";

    private record Tags(String first, String second) {
    }

    private record TimerTags(String method, int status, String uri) {
    }

    private final MeterRegistry registry;
    private final Map<String, Counter> keyRequests = new ConcurrentHashMap<>();
    private final Map<Tags, Counter> deprecatedCalls = new ConcurrentHashMap<>();
    private final Map<String, Counter> authenticationFailures = new ConcurrentHashMap<>();
    private final Map<TimerTags, Timer> uncountedAnswers = new ConcurrentHashMap<>();

    ApiMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void authenticatedRequest(String keyLabel) {
        keyRequests.computeIfAbsent(keyLabel, label -> Counter.builder(KEY_REQUESTS)
                .description("Authenticated API requests, by API-key label")
                .tag("key", label).register(registry)).increment();
    }

    void deprecatedCall(String operation, String keyLabel) {
        deprecatedCalls.computeIfAbsent(new Tags(operation, keyLabel), tags -> Counter.builder(DEPRECATED_CALLS)
                .description("Authenticated calls to deprecated operations, by route and API-key label")
                .tag("operation", tags.first()).tag("key", tags.second()).register(registry)).increment();
    }

    /** Tagged {@code reason}: {@code missing} (no Authorization header) or {@code invalid} (malformed, or an unknown key). */
    void authenticationFailure(boolean credentialsPresented) {
        authenticationFailures.computeIfAbsent(credentialsPresented ? "invalid" : "missing", r -> Counter.builder(AUTHENTICATION_FAILURES)
                .description("Requests answered 401, by reason")
                .tag("reason", r).register(registry)).increment();
    }

    /**
     * An answer Micronaut's request timer never sees (given before routing, or the security filter's 401),
     * recorded in that timer as it would: {@code uri} is the route template, or {@value #UNMATCHED_URI}.
     */
    void uncountedAnswer(String method, int status, String uri, long nanos) {
        uncountedAnswers.computeIfAbsent(new TimerTags(method, status, uri), tags -> Timer.builder(SERVER_REQUESTS)
                .tag("method", tags.method()).tag("status", Integer.toString(tags.status())).tag("uri", tags.uri()).tag("exception", "none")
                .register(registry)).record(nanos, TimeUnit.NANOSECONDS);
    }
}
