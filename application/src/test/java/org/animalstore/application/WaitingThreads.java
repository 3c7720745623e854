package org.animalstore.application;

import java.util.List;
import java.util.concurrent.TimeUnit;

/** Threads of callers of {@link Grouped}, for tests that need callers waiting behind a group in flight. */
final class WaitingThreads {

    private WaitingThreads() {
    }

    static Thread start(Runnable task) {
        return Thread.ofPlatform().daemon().start(task);
    }

    /** Until {@code count} threads are started and every one is parked: waiting for the one lane. */
    static void awaitWaiting(List<Thread> threads, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline && (threads.size() < count || threads.stream().anyMatch(t -> t.getState() != Thread.State.WAITING))) {
            Thread.sleep(10);
        }
    }
}
