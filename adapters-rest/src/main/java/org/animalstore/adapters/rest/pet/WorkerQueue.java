package org.animalstore.adapters.rest.pet;

import io.micronaut.context.annotation.Value;
import io.micronaut.core.propagation.PropagatedContext;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.animalstore.adapters.rest.error.ServiceUnavailableException;
import org.animalstore.adapters.rest.http.EventLoops;
import org.animalstore.adapters.rest.ops.RequestTimes;

/**
 * The catalogue's workers, and the bounded wait for one. Work that may block on storage runs on a fixed set
 * of platform threads, as many as pooled connections ({@value #EXECUTOR}), queued first come, first served.
 * While storage is slow or out of reach the queue grows, and a request would wait for every request ahead of
 * it before even asking the pool for a connection. So a request that waited longer than
 * {@code petstore.catalogue.max-queue-wait} (application.yml: the pool's connection timeout, 2 s) is answered
 * 503 as its worker starts, without touching storage, as it would have been had it waited on the pool itself.
 * A create or a lookup by id joins a group written or read together instead, and holds no thread while it
 * waits: groups run on threads of their own, one for each lane ({@value #LOOKUPS}, {@value #ADDITIONS};
 * ADR 0051). Its wait is bounded by the groups ahead of it (the pool's connection timeout, the statement's
 * socket timeout).
 */
@Singleton
final class WorkerQueue {

    /** The executor that blocking pet work runs on (application.yml: {@code micronaut.executors.catalogue}). */
    static final String EXECUTOR = "catalogue";
    /** The threads grouped lookups by id run on, one a reader lane (the bootstrap's {@code LaneThreadsFactory}). */
    static final String LOOKUPS = "lookups";
    /** The threads grouped creates run on, one a writer lane (the bootstrap's {@code LaneThreadsFactory}). */
    static final String ADDITIONS = "additions";

    private final ExecutorService workers;
    private final ExecutorService readers;
    private final ExecutorService writers;
    private final long maxWaitNanos;

    WorkerQueue(@Named(EXECUTOR) ExecutorService workers, @Named(LOOKUPS) ExecutorService readers,
                @Named(ADDITIONS) ExecutorService writers, @Value("${petstore.catalogue.max-queue-wait}") Duration maxWait) {
        this.workers = workers;
        this.readers = readers;
        this.writers = writers;
        this.maxWaitNanos = maxWait.toNanos();
    }

    /** Runs {@code work} for {@code request} on a worker, with the request's context (request id, trace, MDC). */
    <T> CompletableFuture<T> run(HttpRequest<?> request, Supplier<T> work) {
        Supplier<T> waited = () -> {
            leave(request);
            return work.get();
        };
        try {
            return CompletableFuture.supplyAsync(PropagatedContext.wrapCurrent(waited), workers);
        } catch (RejectedExecutionException e) {
            // The workers stopped (the service is shutting down): the request never reached storage.
            return CompletableFuture.failedFuture(new ServiceUnavailableException("the catalogue workers have stopped"));
        }
    }

    /** {@link #runGrouped} for lookups by id: their groups run on the reader lanes' threads. */
    <T> CompletableFuture<T> runLookup(Function<Executor, CompletableFuture<T>> work) {
        return runGrouped(readers, work);
    }

    /** {@link #runGrouped} for creates: their groups run on the writer lanes' threads. */
    <T> CompletableFuture<T> runAddition(Function<Executor, CompletableFuture<T>> work) {
        return runGrouped(writers, work);
    }

    /**
     * Runs {@code work}, which joins a group of creates or lookups run together and never blocks (ADR 0048), and
     * completes on the calling event loop: the response is encoded there, with the loop's warm buffers.
     * {@code work} is given an executor that runs on {@code lanes} with this request's context (request id,
     * trace): where a group whose first item is this request's runs. With one lane (the default), the lane's
     * thread hands on the next group to its own queue and runs it next: no hand-over between threads.
     */
    private static <T> CompletableFuture<T> runGrouped(ExecutorService lanes, Function<Executor, CompletableFuture<T>> work) {
        PropagatedContext context = PropagatedContext.getOrEmpty();
        CompletableFuture<T> done;
        try {
            done = work.apply(task -> lanes.execute(context.wrap(task)));
        } catch (RejectedExecutionException e) {
            // A use case that hands its work straight to the executor (the ports' defaults) meets the refusal here.
            return CompletableFuture.failedFuture(new ServiceUnavailableException("the catalogue's lanes have stopped"));
        }
        return EventLoops.current().map(loop -> completedOn(loop, done)).orElse(done);
    }

    private static <T> CompletableFuture<T> completedOn(Executor loop, CompletableFuture<T> done) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        done.whenComplete((value, failure) -> {
            Runnable complete = () -> {
                if (failure == null) {
                    answer.complete(value);
                } else {
                    answer.completeExceptionally(failure);
                }
            };
            try {
                loop.execute(complete);
            } catch (RejectedExecutionException e) {
                complete.run(); // the loop is shutting down: answer from here rather than never
            }
        });
        return answer;
    }

    /** Throws {@link ServiceUnavailableException} (503) when the request waited too long for its worker. */
    private void leave(HttpRequest<?> request) {
        RequestTimes.receivedNanos(request).ifPresent(received -> {
            long waited = System.nanoTime() - received;
            if (waited > maxWaitNanos) {
                throw new ServiceUnavailableException("waited " + waited / 1_000_000 + " ms for a catalogue worker");
            }
        });
    }
}
