package org.animalstore.adapters.rest.pet;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.core.propagation.PropagatedContext;
import io.micronaut.http.HttpRequest;
import io.netty.channel.DefaultEventLoop;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.animalstore.adapters.rest.error.ServiceUnavailableException;
import org.animalstore.adapters.rest.ops.MdcEntry;
import org.junit.jupiter.api.Test;

class WorkerQueueTest {

    @Test
    void runs_the_work_on_a_worker() throws Exception {
        try (ExecutorService workers = Executors.newSingleThreadExecutor(task -> new Thread(task, "catalogue-test"))) {
            WorkerQueue queue = new WorkerQueue(workers, Executors.newVirtualThreadPerTaskExecutor(), Duration.ofSeconds(2));

            CompletableFuture<String> ran = queue.run(HttpRequest.GET("/v1/pets"), () -> Thread.currentThread().getName());

            assertThat(ran.get(5, TimeUnit.SECONDS)).isEqualTo("catalogue-test");
        }
    }

    @Test
    void gives_grouped_work_virtual_threads_that_carry_the_requests_context() throws Exception {
        try (ExecutorService workers = Executors.newSingleThreadExecutor(task -> new Thread(task, "catalogue-test"));
             ExecutorService waiters = Executors.newVirtualThreadPerTaskExecutor()) {
            WorkerQueue queue = new WorkerQueue(workers, waiters, Duration.ofSeconds(2));
            MdcEntry request = new MdcEntry(MdcEntry.REQUEST_ID, "grouped-1");

            // when a request hands over grouped work, which runs something on the executor it is given
            CompletableFuture<String> ran;
            try (PropagatedContext.Scope ignored = PropagatedContext.getOrEmpty().plus(request).propagate()) {
                ran = queue.runGrouped(runner -> CompletableFuture.supplyAsync(
                        () -> (Thread.currentThread().isVirtual() ? "virtual " : "platform ")
                                + PropagatedContext.getOrEmpty().find(MdcEntry.class).map(MdcEntry::value).orElse("no context"), runner));
            }

            // then that runs on a virtual thread, with the request's context (its id, for the MDC)
            assertThat(ran.get(5, TimeUnit.SECONDS)).isEqualTo("virtual grouped-1");
        }
    }

    @Test
    void completes_grouped_work_on_the_event_loop_that_handed_it_over() throws Exception {
        DefaultEventLoop loop = new DefaultEventLoop();
        try (ExecutorService waiters = Executors.newVirtualThreadPerTaskExecutor()) {
            WorkerQueue queue = new WorkerQueue(waiters, waiters, Duration.ofSeconds(2));

            // when a request on the loop hands over work, which finishes only once the request has said how to go on
            CountDownLatch continuationAttached = new CountDownLatch(1);
            CompletableFuture<Boolean> continuedOnTheLoop = loop.submit(() -> {
                CompletableFuture<Boolean> next = queue.runGrouped(runner -> CompletableFuture.supplyAsync(() -> {
                    awaitUninterruptibly(continuationAttached);
                    return "pet";
                }, runner)).thenApply(pet -> loop.inEventLoop());
                continuationAttached.countDown();
                return next;
            }).get(5, TimeUnit.SECONDS);

            // then it goes on on the loop, not on the virtual thread that did the work
            assertThat(continuedOnTheLoop.get(5, TimeUnit.SECONDS)).isTrue();
        } finally {
            loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    @Test
    void hands_a_failure_of_grouped_work_back_to_the_event_loop_unchanged() throws Exception {
        DefaultEventLoop loop = new DefaultEventLoop();
        try (ExecutorService waiters = Executors.newVirtualThreadPerTaskExecutor()) {
            WorkerQueue queue = new WorkerQueue(waiters, waiters, Duration.ofSeconds(2));

            CompletableFuture<String> failed = loop.submit(() -> queue.<String>runGrouped(runner -> CompletableFuture.supplyAsync(() -> {
                throw new ServiceUnavailableException("database away");
            }, runner))).get(5, TimeUnit.SECONDS);

            assertThat(failed).failsWithin(Duration.ofSeconds(5)).withThrowableThat().withCauseInstanceOf(ServiceUnavailableException.class);
        } finally {
            loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void answers_503_once_the_workers_have_stopped() {
        // given workers already shut down, as during the service's shutdown
        ExecutorService workers = Executors.newSingleThreadExecutor();
        workers.shutdown();
        WorkerQueue queue = new WorkerQueue(workers, workers, Duration.ofSeconds(2));

        // when work is handed to them
        CompletableFuture<String> ran = queue.run(HttpRequest.GET("/v1/pets"), () -> "never");

        // then it fails as storage being unavailable (503), not as an unexpected error (500)
        assertThat(ran).failsWithin(Duration.ofSeconds(1)).withThrowableThat().withCauseInstanceOf(ServiceUnavailableException.class);
    }

    @Test
    void answers_503_when_grouped_work_is_refused_by_stopped_virtual_threads_at_once() {
        // given virtual threads already shut down, and work that hands itself to them at once, as the ports' defaults do
        ExecutorService waiters = Executors.newVirtualThreadPerTaskExecutor();
        waiters.shutdown();
        WorkerQueue queue = new WorkerQueue(waiters, waiters, Duration.ofSeconds(2));

        // when
        CompletableFuture<String> ran = queue.runGrouped(runner -> CompletableFuture.supplyAsync(() -> "never", runner));

        // then the refusal comes back as storage being unavailable (503), not thrown at the caller (500)
        assertThat(ran).failsWithin(Duration.ofSeconds(1)).withThrowableThat().withCauseInstanceOf(ServiceUnavailableException.class);
    }
}
