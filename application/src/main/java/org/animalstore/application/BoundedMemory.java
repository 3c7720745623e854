package org.animalstore.application;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiPredicate;

/**
 * A map that holds at most about {@code capacity} entries, in two generations of half that size: when the
 * young one is full it becomes the old one and the old one is dropped whole. Reads and writes take no lock;
 * a hit in the old generation may be copied back into the young one, so entries in use outlive the others.
 */
final class BoundedMemory<K, V> {

    private final int generationSize;
    private final boolean keepWhatIsRead;
    private final AtomicInteger youngCount = new AtomicInteger();
    private volatile Map<K, V> young = new ConcurrentHashMap<>();
    private volatile Map<K, V> old = new ConcurrentHashMap<>();

    /** {@code keepWhatIsRead}: copy an old entry that is read into the young generation. */
    BoundedMemory(int capacity, boolean keepWhatIsRead) {
        if (capacity < 2) {
            throw new IllegalArgumentException("capacity must be at least 2");
        }
        this.generationSize = capacity / 2;
        this.keepWhatIsRead = keepWhatIsRead;
    }

    V get(K key) {
        V value = young.get(key);
        if (value == null) {
            value = old.get(key);
            if (value != null && keepWhatIsRead) {
                put(key, value);
            }
        }
        return value;
    }

    /** Like {@link #get}, but never copies an old entry into the young generation. */
    V peek(K key) {
        V value = young.get(key);
        return value != null ? value : old.get(key);
    }

    void put(K key, V value) {
        if (young.put(key, value) == null && youngCount.incrementAndGet() >= generationSize) {
            rotate();
        }
    }

    void remove(K key) {
        young.remove(key);
        old.remove(key);
    }

    void remove(K key, V value) {
        young.remove(key, value);
        old.remove(key, value);
    }

    void removeIf(BiPredicate<K, V> predicate) {
        young.entrySet().removeIf(entry -> predicate.test(entry.getKey(), entry.getValue()));
        old.entrySet().removeIf(entry -> predicate.test(entry.getKey(), entry.getValue()));
    }

    synchronized void clear() {
        old = new ConcurrentHashMap<>();
        young = new ConcurrentHashMap<>();
        youngCount.set(0);
    }

    int size() {
        return young.size() + old.size();
    }

    private synchronized void rotate() {
        if (youngCount.get() >= generationSize) {
            old = young;
            young = new ConcurrentHashMap<>();
            youngCount.set(0);
        }
    }
}
