package org.animalstore.adapters.rest.pet;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.http.HttpRequest;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.animalstore.adapters.rest.error.ServiceUnavailableException;
import org.junit.jupiter.api.Test;

class WorkerQueueTest {

    @Test
    void runs_the_work_on_a_worker() throws Exception {
        try (ExecutorService workers = Executors.newSingleThreadExecutor(task -> new Thread(task, "catalogue-test"))) {
            WorkerQueue queue = new WorkerQueue(workers, Duration.ofSeconds(2));

            CompletableFuture<String> ran = queue.run(HttpRequest.GET("/v1/pets"), () -> Thread.currentThread().getName());

            assertThat(ran.get(5, TimeUnit.SECONDS)).isEqualTo("catalogue-test");
        }
    }

    @Test
    void answers_503_once_the_workers_have_stopped() {
        // given workers already shut down, as during the service's shutdown
        ExecutorService workers = Executors.newSingleThreadExecutor();
        workers.shutdown();
        WorkerQueue queue = new WorkerQueue(workers, Duration.ofSeconds(2));

        // when work is handed to them
        CompletableFuture<String> ran = queue.run(HttpRequest.GET("/v1/pets"), () -> "never");

        // then it fails as storage being unavailable (503), not as an unexpected error (500)
        assertThat(ran).failsWithin(Duration.ofSeconds(1)).withThrowableThat().withCauseInstanceOf(ServiceUnavailableException.class);
    }
}
