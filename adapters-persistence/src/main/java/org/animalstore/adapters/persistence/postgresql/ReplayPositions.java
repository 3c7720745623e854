package org.animalstore.adapters.persistence.postgresql;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The primary's recent WAL positions with the moments they were sampled, and how far the replica has replayed. A
 * sample taken at t is past every commit acknowledged before t: once replayed up to it, the replica holds them all.
 */
final class ReplayPositions {

    private record Sample(long nanos, long position) {
    }

    private final int capacity;
    private final Deque<Sample> samples = new ArrayDeque<>();
    private volatile long replayed = -1;
    private volatile long caughtUpAt = System.nanoTime() - Long.MAX_VALUE / 2;

    ReplayPositions(int capacity) {
        this.capacity = capacity;
    }

    /** The primary was at {@code position} at {@code nanos} (System.nanoTime). */
    synchronized void sampled(long nanos, long position) {
        samples.addLast(new Sample(nanos, position));
        if (samples.size() > capacity) {
            samples.removeFirst();
        }
        advance();
    }

    /** The replica has replayed up to {@code position}; replay never goes back, so a lower reading is stale. */
    synchronized void replayedUpTo(long position) {
        if (position > replayed) {
            replayed = position;
            advance();
        }
    }

    long replayed() {
        return replayed;
    }

    /** The newest moment before which every acknowledged commit is on the replica (System.nanoTime). */
    long caughtUpAt() {
        return caughtUpAt;
    }

    private void advance() {
        while (!samples.isEmpty() && samples.peekFirst().position() <= replayed) {
            caughtUpAt = Math.max(caughtUpAt, samples.removeFirst().nanos());
        }
    }
}
