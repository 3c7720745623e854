package org.animalstore.adapters.rest.ops;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * At most {@code perSecond} access-log lines in each second, so a flood of refused requests costs no more
 * than it must and cannot fill the disk; the answers left unlisted are counted and told in the next second.
 * Racing threads may let a few lines more through at the turn of a second.
 */
final class LineBudget {

    /** What {@link #take(long)} answers when the line must not be written. */
    static final long REFUSED = -1;

    private static final long SECOND = 1_000_000_000L;

    private final int perSecond;
    private final AtomicLong second = new AtomicLong(Long.MIN_VALUE);
    private final AtomicInteger used = new AtomicInteger();
    private final AtomicLong unlisted = new AtomicLong();

    /** {@code perSecond}: 0 for no limit. */
    LineBudget(int perSecond) {
        if (perSecond < 0) {
            throw new IllegalArgumentException("lines per second must not be negative");
        }
        this.perSecond = perSecond;
    }

    /**
     * Takes one line at {@code nowNanos} ({@link System#nanoTime()}): {@link #REFUSED}, or how many answers
     * went unlisted since the last line a previous second allowed (0 mostly), to be told with this one.
     */
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
