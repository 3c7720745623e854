package org.animalstore.application;

import java.time.Clock;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import org.animalstore.domain.model.Quota;
import org.animalstore.domain.model.Quotas;
import org.animalstore.domain.port.out.InMemoryRequestCounts;

/**
 * What deciding one request against its quota costs ({@link RateLimitService#consume}), on one
 * thread, in nanoseconds of that thread's CPU time: a limited key (a quota no request reaches) and an
 * unlimited one, medians of rounds. Run by scripts/bench/rate-limit-cost.sh; not a test.
 */
public final class RateLimitCostBenchmark {

    private static final int CALLS = 2_000_000;

    private RateLimitCostBenchmark() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        RateLimitService limiter = new RateLimitService(
                new Quotas(Optional.empty(), Map.of("limited", Optional.of(new Quota(Long.MAX_VALUE / 2, 60)))),
                new InMemoryRequestCounts(), Clock.systemUTC(), "benchmark");
        long[] limited = new long[rounds];
        long[] unlimited = new long[rounds];
        for (int round = -3; round < rounds; round++) { // three rounds of warm-up
            long a = nanosPerCall(limiter, "limited");
            long b = nanosPerCall(limiter, "unlimited");
            if (round >= 0) {
                limited[round] = a;
                unlimited[round] = b;
            }
        }
        System.out.printf("consume, limited key:   %d ns per request (median of %d rounds of %d)%n", median(limited), rounds, CALLS);
        System.out.printf("consume, unlimited key: %d ns per request%n", median(unlimited));
    }

    private static long nanosPerCall(RateLimitService limiter, String client) {
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long started = threads.getCurrentThreadCpuTime();
        long sink = 0;
        for (int i = 0; i < CALLS; i++) {
            sink += limiter.consume(client).hashCode();
        }
        long nanos = (threads.getCurrentThreadCpuTime() - started) / CALLS;
        return sink == 42 ? nanos + 1 : nanos; // keeps the calls from being optimised away
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
