package org.animalstore.adapters.rest.pet;

import io.micronaut.context.annotation.Value;
import io.micronaut.core.propagation.PropagatedContext;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;
import org.animalstore.adapters.rest.error.ServiceUnavailableException;
import org.animalstore.adapters.rest.ops.Requests;

/**
 * The catalogue's workers ({@value #EXECUTOR}: platform threads, as many as pooled connections, first come, first
 * served), and the bounded wait for one. A request that waited longer than {@code petstore.catalogue.max-queue-wait}
 * (the pool's connection timeout) is answered 503 as its worker starts, without touching storage, as it would
 * have been had it waited on the pool itself (ADR 0005).
 */
@Singleton
final class WorkerQueue {

    /** The executor that blocking pet work runs on (application.yml: {@code micronaut.executors.catalogue}). */
    static final String EXECUTOR = "catalogue";

    private final ExecutorService workers;
    private final long maxWaitNanos;

    WorkerQueue(@Named(EXECUTOR) ExecutorService workers, @Value("${petstore.catalogue.max-queue-wait}") Duration maxWait) {
        this.workers = workers;
        this.maxWaitNanos = maxWait.toNanos();
    }

    /** Runs {@code work} for {@code request} on a worker, with the request's context (request id, trace, MDC); 503 if it waited too long. */
    <T> CompletableFuture<T> run(HttpRequest<?> request, Supplier<T> work) {
        Supplier<T> checked = () -> {
            Requests.receivedNanos(request).ifPresent(received -> {
                long waited = System.nanoTime() - received;
                if (waited > maxWaitNanos) {
                    throw new ServiceUnavailableException("waited " + waited / 1_000_000 + " ms for a catalogue worker");
                }
            });
            return work.get();
        };
        try {
            return CompletableFuture.supplyAsync(PropagatedContext.wrapCurrent(checked), workers);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(stopped());
        }
    }

    /** The answer to work the workers refused: they stopped (the service is shutting down), so it never reached storage. */
    static ServiceUnavailableException stopped() {
        return new ServiceUnavailableException("the catalogue workers have stopped");
    }
}
