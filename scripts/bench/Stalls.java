import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How often this machine takes a busy CPU away for a millisecond or more: one thread per CPU spins on the
 * monotonic clock for the given seconds (default 10) and counts the gaps between two consecutive readings.
 * On a shared virtual machine a CPU can stall for several milliseconds while the guest's own accounting
 * (steal time, load) shows nothing; every request on a stalled CPU waits, so a run's p99 cannot be read
 * without this figure (docs/performance/benchmarks.md, "How to read the figures"). The benchmark scripts run it
 * before their load, on the otherwise idle machine, and print its one JSON line with their results.
 *
 * <pre>java scripts/bench/Stalls.java [seconds]</pre>
 */
public final class Stalls {

    private static final long OVER_1_MS = 1_000_000, OVER_3_MS = 3_000_000, COUNTED = 100_000;

    /** One spinning thread's counts; written by it alone, read after it ends. */
    private static final class Probe extends Thread {
        private final long end;
        long over1ms, over3ms, maxNanos, lostNanos;

        Probe(long end) {
            this.end = end;
            setDaemon(true);
        }

        @Override
        public void run() {
            long previous = System.nanoTime();
            while (previous < end) {
                long now = System.nanoTime(), gap = now - previous;
                previous = now;
                if (gap > COUNTED) {
                    lostNanos += gap;
                    over1ms += gap > OVER_1_MS ? 1 : 0;
                    over3ms += gap > OVER_3_MS ? 1 : 0;
                    maxNanos = Math.max(maxNanos, gap);
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int cpus = Runtime.getRuntime().availableProcessors();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        List<Probe> probes = new ArrayList<>();
        for (int i = 0; i < cpus; i++) {
            probes.add(new Probe(end));
        }
        probes.forEach(Thread::start);
        long over1ms = 0, over3ms = 0, maxNanos = 0, lostNanos = 0;
        for (Probe probe : probes) {
            probe.join();
            over1ms += probe.over1ms;
            over3ms += probe.over3ms;
            maxNanos = Math.max(maxNanos, probe.maxNanos);
            lostNanos += probe.lostNanos;
        }
        double cpuSeconds = (double) seconds * cpus;
        System.out.printf(Locale.ROOT,
                "{\"seconds\":%d,\"cpus\":%d,\"stalls_over_1ms_per_cpu_s\":%.2f,\"stalls_over_3ms_per_cpu_s\":%.2f,"
                        + "\"max_stall_ms\":%.2f,\"time_lost_in_gaps_over_100us_pct\":%.2f}%n",
                seconds, cpus, over1ms / cpuSeconds, over3ms / cpuSeconds, maxNanos / 1e6, lostNanos / cpuSeconds / 1e7);
    }
}
