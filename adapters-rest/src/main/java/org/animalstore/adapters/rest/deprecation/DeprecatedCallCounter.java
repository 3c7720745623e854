package org.animalstore.adapters.rest.deprecation;

import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs who still calls the deprecated {@code GET /v1/pets/{petId}}: at most once a minute per API key
 * label, with that key's calls since startup. The metric {@code animalstore_deprecated_calls_total} counts
 * the same calls for dashboards; this count only feeds the log line, which stays useful with metrics off.
 * The set of labels is bounded by the configured keys.
 */
@Singleton
final class DeprecatedCallCounter {

    static final Duration LOG_INTERVAL = Duration.ofMinutes(1);

    private static final Logger LOG = LoggerFactory.getLogger(DeprecatedCallCounter.class);

    private final Clock clock;
    private final ConcurrentHashMap<String, AtomicLong> byApiKey = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Instant> lastLogged = new ConcurrentHashMap<>();

    DeprecatedCallCounter(Clock clock) {
        this.clock = clock;
    }

    /** Counts one call by the API key with this label; when this call was also logged, the key's calls the line gave. */
    OptionalLong record(String apiKeyLabel) {
        long calls = byApiKey.computeIfAbsent(apiKeyLabel, label -> new AtomicLong()).incrementAndGet();
        Instant now = clock.instant();
        boolean[] due = {false};
        // compute is atomic per label: of calls racing past the minute mark, exactly one logs.
        lastLogged.compute(apiKeyLabel, (label, previous) -> {
            if (previous != null && now.isBefore(previous.plus(LOG_INTERVAL))) {
                return previous;
            }
            due[0] = true;
            return now;
        });
        if (!due[0]) {
            return OptionalLong.empty();
        }
        LOG.warn("Deprecated GET /v1/pets/{petId} (sunset {}) called by API key '{}': {} calls by this key since startup",
                DeprecationFilter.SUNSET_AT, apiKeyLabel, calls);
        return OptionalLong.of(calls);
    }
}
