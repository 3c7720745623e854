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
            WorkerQueue queue = new WorkerQueue(workers, workers, workers, Duration.ofSeconds(2));

            CompletableFuture<String> ran = queue.run(HttpRequest.GET("/v1/pets"), () -> Thread.currentThread().getName());

            assertThat(ran.get(5, TimeUnit.SECONDS)).isEqualTo("catalogue-test");
        }
    }

    @Test
    void runs_grouped_lookups_and_creates_on_their_own_lanes_with_the_requests_context() throws Exception {
        try (ExecutorService workers = Executors.newSingleThreadExecutor(task -> new Thread(task, "catalogue-test"));
             ExecutorService readers = Executors.newSingleThreadExecutor(task -> new Thread(task, "reader-test"));
             ExecutorService writers = Executors.newSingleThreadExecutor(task -> new Thread(task, "writer-test"))) {
            WorkerQueue queue = new WorkerQueue(workers, readers, writers, Duration.ofSeconds(2));
            MdcEntry request = new MdcEntry(MdcEntry.REQUEST_ID, "grouped-1");

            // when a request hands over a lookup and a create, each running something on the executor it is given
            CompletableFuture<String> lookup;
            CompletableFuture<String> create;
            try (PropagatedContext.Scope ignored = PropagatedContext.getOrEmpty().plus(request).propagate()) {
                lookup = queue.runLookup(runner -> CompletableFuture.supplyAsync(WorkerQueueTest::threadAndRequest, runner));
                create = queue.runAddition(runner -> CompletableFuture.supplyAsync(WorkerQueueTest::threadAndRequest, runner));
            }

            // then the lookup runs on the reader lane and the create on the writer lane, each with the request's context
            assertThat(lookup.get(5, TimeUnit.SECONDS)).isEqualTo("reader-test grouped-1");
            assertThat(create.get(5, TimeUnit.SECONDS)).isEqualTo("writer-test grouped-1");
        }
    }

    private static String threadAndRequest() {
        return Thread.currentThread().getName() + " "
                + PropagatedContext.getOrEmpty().find(MdcEntry.class).map(MdcEntry::value).orElse("no context");
    }

    @Test
    void completes_grouped_work_on_the_event_loop_that_handed_it_over() throws Exception {
        DefaultEventLoop loop = new DefaultEventLoop();
        try (ExecutorService lanes = Executors.newSingleThreadExecutor()) {
            WorkerQueue queue = new WorkerQueue(lanes, lanes, lanes, Duration.ofSeconds(2));

            // when a request on the loop hands over work, which finishes only once the request has said how to go on
            CountDownLatch continuationAttached = new CountDownLatch(1);
            CompletableFuture<Boolean> continuedOnTheLoop = loop.submit(() -> {
                CompletableFuture<Boolean> next = queue.runLookup(runner -> CompletableFuture.supplyAsync(() -> {
                    awaitUninterruptibly(continuationAttached);
                    return "pet";
                }, runner)).thenApply(pet -> loop.inEventLoop());
                continuationAttached.countDown();
                return next;
            }).get(5, TimeUnit.SECONDS);

            // then it goes on on the loop, not on the lane's thread that did the work
            assertThat(continuedOnTheLoop.get(5, TimeUnit.SECONDS)).isTrue();
        } finally {
            loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    @Test
    void hands_a_failure_of_grouped_work_back_to_the_event_loop_unchanged() throws Exception {
        DefaultEventLoop loop = new DefaultEventLoop();
        try (ExecutorService lanes = Executors.newSingleThreadExecutor()) {
            WorkerQueue queue = new WorkerQueue(lanes, lanes, lanes, Duration.ofSeconds(2));

            CompletableFuture<String> failed = loop.submit(() -> queue.<String>runLookup(runner -> CompletableFuture.supplyAsync(() -> {
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
        WorkerQueue queue = new WorkerQueue(workers, workers, workers, Duration.ofSeconds(2));

        // when work is handed to them
        CompletableFuture<String> ran = queue.run(HttpRequest.GET("/v1/pets"), () -> "never");

        // then it fails as storage being unavailable (503), not as an unexpected error (500)
        assertThat(ran).failsWithin(Duration.ofSeconds(1)).withThrowableThat().withCauseInstanceOf(ServiceUnavailableException.class);
    }

    @Test
    void answers_503_when_grouped_work_is_refused_by_stopped_lanes_at_once() {
        // given lanes already shut down, and work that hands itself to them at once, as the ports' defaults do
        ExecutorService lanes = Executors.newSingleThreadExecutor();
        lanes.shutdown();
        WorkerQueue queue = new WorkerQueue(lanes, lanes, lanes, Duration.ofSeconds(2));

        // when
        CompletableFuture<String> ran = queue.runAddition(runner -> CompletableFuture.supplyAsync(() -> "never", runner));

        // then the refusal comes back as storage being unavailable (503), not thrown at the caller (500)
        assertThat(ran).failsWithin(Duration.ofSeconds(1)).withThrowableThat().withCauseInstanceOf(ServiceUnavailableException.class);
    }
}
