package org.animalstore.adapters.rest.deprecation;

import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts calls to the deprecated {@code GET /v1/pets/{petId}}, in total and per API key label, since
 * startup, and logs who still calls it at most once a minute per label. Metrics read {@link #total()}
 * and {@link #byApiKey()}; the set of labels is bounded by the configured keys.
 */
@Singleton
public final class DeprecatedCallCounter {

    static final Duration LOG_INTERVAL = Duration.ofMinutes(1);

    private static final Logger LOG = LoggerFactory.getLogger(DeprecatedCallCounter.class);

    private final Clock clock;
    private final AtomicLong total = new AtomicLong();
    private final ConcurrentHashMap<String, AtomicLong> byApiKey = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Instant> lastLogged = new ConcurrentHashMap<>();

    DeprecatedCallCounter(Clock clock) {
        this.clock = clock;
    }

    /** Counts one call by the API key with this label; true when this call was also logged. */
    boolean record(String apiKeyLabel) {
        total.incrementAndGet();
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
        if (due[0]) {
            LOG.warn("Deprecated GET /v1/pets/{petId} (sunset {}) called by API key '{}': {} calls by this key since startup",
                    GetPetDeprecation.SUNSET_AT, apiKeyLabel, calls);
        }
        return due[0];
    }

    /** Calls since startup, all API keys together. */
    public long total() {
        return total.get();
    }

    /** Calls since startup per API key label, sorted by label. */
    public Map<String, Long> byApiKey() {
        Map<String, Long> snapshot = new TreeMap<>();
        byApiKey.forEach((label, calls) -> snapshot.put(label, calls.get()));
        return snapshot;
    }
}
