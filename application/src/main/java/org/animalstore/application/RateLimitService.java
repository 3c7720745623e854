package org.animalstore.application;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.animalstore.domain.model.QuotaDecision;
import org.animalstore.domain.model.Quotas;
import org.animalstore.domain.model.RequestCount;
import org.animalstore.domain.port.in.ConsumeQuotaUseCase;
import org.animalstore.domain.port.in.ShareRequestCountsUseCase;
import org.animalstore.domain.port.out.ShareRequestCountsPort;

/**
 * Per-client quotas over fixed windows, counted in memory and shared between instances now and then.
 * A request is decided against this instance's own count plus the other instances' counts as last
 * shared, so deciding never waits for storage; the price is that the others' requests since the last
 * share are not seen yet (the documented tolerance).
 */
public final class RateLimitService implements ConsumeQuotaUseCase, ShareRequestCountsUseCase {

    private final Quotas quotas;
    private final ShareRequestCountsPort storage;
    private final Clock clock;
    private final String instance;
    private final Map<String, Usage> usages = new ConcurrentHashMap<>();

    public RateLimitService(Quotas quotas, ShareRequestCountsPort storage, Clock clock, String instance) {
        this.quotas = Objects.requireNonNull(quotas, "quotas");
        this.storage = Objects.requireNonNull(storage, "storage");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.instance = Objects.requireNonNull(instance, "instance");
    }

    @Override
    public QuotaDecision consume(String client) {
        return quotas.of(client).<QuotaDecision>map(quota -> {
            long now = clock.millis() / 1000;
            long windowStart = quota.windowStart(now);
            long resetSeconds = windowStart + quota.windowSeconds() - now;
            long remaining = usages.computeIfAbsent(client, c -> new Usage()).consume(windowStart, quota.requests());
            return remaining < 0 ? new QuotaDecision.Refused(quota, resetSeconds) : new QuotaDecision.Allowed(quota, remaining, resetSeconds);
        }).orElseGet(QuotaDecision.Unlimited::new);
    }

    @Override
    public void shareRequestCounts() {
        long longest = quotas.longestWindowSeconds();
        if (longest == 0) {
            return;
        }
        long since = clock.millis() / 1000 - longest;
        List<RequestCount> mine = usages.entrySet().stream().flatMap(usage -> usage.getValue().mine(usage.getKey(), since).stream()).toList();
        for (RequestCount others : storage.share(instance, mine, since)) {
            usages.computeIfAbsent(others.client(), c -> new Usage()).othersCounted(others.windowStart(), others.requests());
        }
        storage.forgetWindowsBefore(since);
    }

    /** One client's counts in its current window: this instance's own, and the others' as last shared. */
    private static final class Usage {

        private long windowStart = Long.MIN_VALUE;
        private long mine;
        private long others;

        /** Counts one request if it fits; returns how many more fit, or -1 when it does not (not counted). */
        synchronized long consume(long window, long quota) {
            moveTo(window);
            if (mine + others >= quota) {
                return -1;
            }
            mine++;
            return quota - mine - others;
        }

        synchronized Optional<RequestCount> mine(String client, long since) {
            return mine > 0 && windowStart >= since ? Optional.of(new RequestCount(client, windowStart, mine)) : Optional.empty();
        }

        synchronized void othersCounted(long window, long requests) {
            if (window >= windowStart) {
                moveTo(window);
                others = requests;
            }
        }

        private void moveTo(long window) {
            if (window > windowStart) {
                windowStart = window;
                mine = 0;
                others = 0;
            }
        }
    }
}
