package org.animalstore.adapters.rest.ops;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/**
 * The API's own meters, beside the framework's {@code http.server.requests}: which keys are in use
 * (to see when a rotated-out key has gone quiet), who still calls deprecated operations, and how
 * often callers are turned away.
 */
@Singleton
@Requires(bean = MeterRegistry.class)
final class ApiMetrics {

    static final String KEY_REQUESTS = "animalstore.api.requests";
    static final String DEPRECATED_CALLS = "animalstore.deprecated.calls";
    static final String AUTHENTICATION_FAILURES = "animalstore.auth.failures";

    private final MeterRegistry registry;

    ApiMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void authenticatedRequest(String keyLabel) {
        Counter.builder(KEY_REQUESTS).description("Authenticated API requests, by API-key label")
                .tag("key", keyLabel).register(registry).increment();
    }

    void deprecatedCall(String operation, String keyLabel) {
        Counter.builder(DEPRECATED_CALLS).description("Authenticated calls to deprecated operations, by route and API-key label")
                .tag("operation", operation).tag("key", keyLabel).register(registry).increment();
    }

    /** {@code reason}: {@code missing} (no Authorization header) or {@code invalid} (malformed, or an unknown key). */
    void authenticationFailure(String reason) {
        Counter.builder(AUTHENTICATION_FAILURES).description("Requests answered 401, by reason")
                .tag("reason", reason).register(registry).increment();
    }
}
