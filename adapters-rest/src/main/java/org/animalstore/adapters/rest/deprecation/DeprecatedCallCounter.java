package org.animalstore.adapters.rest.deprecation;

import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
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
    /** Per label: its calls, when the last line was written, and whether the latest call wrote it. */
    private final Map<String, Calls> byApiKey = new ConcurrentHashMap<>();

    private record Calls(long count, Instant logged, boolean due) {
    }

    DeprecatedCallCounter(Clock clock) {
        this.clock = clock;
    }

    /** Counts one call by the API key with this label; when this call was also logged, the key's calls the line gave. */
    OptionalLong record(String apiKeyLabel) {
        Instant now = clock.instant();
        // merge is atomic per label: of calls racing past the minute mark, exactly one logs.
        Calls calls = byApiKey.merge(apiKeyLabel, new Calls(1, now, true), (before, one) -> now.isBefore(before.logged().plus(LOG_INTERVAL))
                ? new Calls(before.count() + 1, before.logged(), false) : new Calls(before.count() + 1, now, true));
        if (!calls.due()) {
            return OptionalLong.empty();
        }
        LOG.warn("Deprecated GET /v1/pets/{petId} (sunset {}) called by API key '{}': {} calls by this key since startup",
                DeprecationFilter.SUNSET_AT, apiKeyLabel, calls.count());
        return OptionalLong.of(calls.count());
    }
}
