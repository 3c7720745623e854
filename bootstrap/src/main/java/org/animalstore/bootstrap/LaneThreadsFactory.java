package org.animalstore.bootstrap;

import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The threads grouped lookups and creates run on: one platform thread for each lane, so a lane's groups follow
 * each other on one thread, and a group's blocking round trip waits in the kernel, not in the virtual-thread
 * scheduler's poller and timers (ADR 0051). The REST adapter's {@code WorkerQueue} hands groups to them by name.
 */
@Factory
class LaneThreadsFactory {

    /** One thread for each of {@code petstore.lookups.readers}. */
    @Singleton
    @Named("lookups")
    @Bean(preDestroy = "shutdown")
    ExecutorService lookupLanes(LookupConfiguration lookups) {
        return lanes("lookups", lookups.readers());
    }

    /** One thread for each of {@code petstore.additions.writers}. */
    @Singleton
    @Named("additions")
    @Bean(preDestroy = "shutdown")
    ExecutorService additionLanes(AdditionConfiguration additions) {
        return lanes("additions", additions.writers());
    }

    private static ExecutorService lanes(String name, int threads) {
        return Executors.newFixedThreadPool(threads, Thread.ofPlatform().name(name + "-lane-", 1).daemon().factory());
    }
}
