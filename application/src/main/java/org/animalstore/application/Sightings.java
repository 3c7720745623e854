package org.animalstore.application;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Which pet ids were read recently, in a fixed bit set (a Bloom filter of three bits per id, sixteen bits per id
 * of capacity), so that {@link PetCache} can keep a pet only on its second read once more pets were read than it
 * holds: reads that never come back (a scan, or random ids among millions) then do not push out the pets readers
 * ask for again, nor fill the heap with pets dropped soon after. After {@code capacity} first sightings the set
 * starts over. It may say "seen" of an id it has not seen (at most 0.5 % of ids when full, under 0.1 % half full),
 * never the other way round: among 10 000 000 pets read at random, every pet it wrongly lets in is one more
 * entry memory later drops, garbage the collector has to find in the old generation. Racing updates may lose
 * a sighting: that pet is read once more.
 */
final class Sightings {

    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] words;
    private final int mask;
    private final int capacity;
    private final AtomicInteger firstSightings = new AtomicInteger();
    private volatile boolean overflowed;

    Sightings(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1");
        }
        int bits = Integer.highestOneBit(Math.min(Math.max(capacity, 8), 1 << 26) * 16 - 1) << 1;
        this.words = new long[bits >>> 6];
        this.mask = bits - 1;
        this.capacity = capacity;
    }

    /** Records a read of {@code id}; true when it was (probably) read before. */
    boolean seenBefore(long id) {
        long hash = mix(id);
        int low = (int) hash;
        int high = (int) (hash >>> 32);
        boolean first = set(low & mask);
        boolean second = set(high & mask);
        boolean third = set((low + high) & mask);
        if (first && second && third) {
            return true;
        }
        if (firstSightings.incrementAndGet() >= capacity) {
            startOver();
        }
        return false;
    }

    private boolean set(int bit) {
        int word = bit >>> 6;
        long flag = 1L << bit;
        return ((long) WORDS.getOpaque(words, word) & flag) != 0 || ((long) WORDS.getAndBitwiseOr(words, word, flag) & flag) != 0;
    }

    /** True once {@code capacity} first sightings were counted: more distinct ids were read than a cache of that size holds. */
    boolean overflowed() {
        return overflowed;
    }

    private void startOver() {
        overflowed = true;
        firstSightings.set(0);
        for (int word = 0; word < words.length; word++) {
            WORDS.setOpaque(words, word, 0L);
        }
    }

    /** MurmurHash3's 64-bit finalizer: consecutive ids land on unrelated bits. */
    private static long mix(long id) {
        long h = id;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }
}
