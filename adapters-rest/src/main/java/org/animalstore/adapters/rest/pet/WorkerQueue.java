package org.animalstore.adapters.rest.pet;

import io.micronaut.context.annotation.Value;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;
import java.time.Duration;
import org.animalstore.adapters.rest.ops.RequestTimes;
import org.animalstore.domain.port.out.StorageUnavailableException;

/**
 * The wait for a catalogue worker, bounded. Pet requests run on a fixed set of platform threads, as
 * many as pooled connections ({@value #EXECUTOR}), queued first come, first served. While storage is
 * slow or out of reach the queue grows, and a request would wait for every request ahead of it
 * before even asking the pool for a connection. So a request that waited longer than
 * {@code petstore.catalogue.max-queue-wait} (application.yml: the pool's connection timeout, 2 s) is answered
 * 503 at once, without touching storage, as it would have been had it waited on the pool itself.
 */
@Singleton
final class WorkerQueue {

    /** The executor pet requests run on (application.yml: {@code micronaut.executors.catalogue}). */
    static final String EXECUTOR = "catalogue";

    private final long maxWaitNanos;

    WorkerQueue(@Value("${petstore.catalogue.max-queue-wait}") Duration maxWait) {
        this.maxWaitNanos = maxWait.toNanos();
    }

    /** Throws {@link StorageUnavailableException} (503) when the request waited too long for its worker. */
    void leave(HttpRequest<?> request) {
        RequestTimes.receivedNanos(request).ifPresent(received -> {
            long waited = System.nanoTime() - received;
            if (waited > maxWaitNanos) {
                throw new StorageUnavailableException("waited " + waited / 1_000_000 + " ms for a catalogue worker", null);
            }
        });
    }
}
