package org.animalstore.bootstrap.resilience;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.animalstore.bootstrap.support.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * Pet requests wait for one of the catalogue's workers in turn, and a request that waited longer than
 * the queue limit is answered 503 without touching storage: while storage is slow, waits stay bounded.
 */
class WorkerQueueIT {

    /** Threads of their own: the common pool may have a single worker on a small machine. */
    private static final Executor THREADS = task -> Thread.ofPlatform().daemon().start(task);
    private static final String PET = "{\"name\":\"Rex\",\"categoryId\":7}";

    @Test
    void a_request_that_waited_longer_than_the_limit_for_a_worker_gets_503_and_the_one_ahead_completes() throws Exception {
        // given one worker and a queue limit of 300 ms
        // when a listing waits 800 ms behind an INSERT held up by a table lock
        Served served = listingQueuedBehindABlockedInsert("queue_limit", "300ms");

        // then the listing is refused as storage being unavailable, and the request ahead completes
        assertError(served.queued(), 503, "service_unavailable");
        assertThat(served.queued().header("Retry-After")).contains("2");
        assertThat(served.ahead().status()).isEqualTo(201);
    }

    @Test
    void a_request_that_waited_within_the_limit_is_served() throws Exception {
        // given one worker and a queue limit of 5 s
        // when a listing waits 800 ms behind an INSERT held up by a table lock
        Served served = listingQueuedBehindABlockedInsert("queue_within", "5s");

        // then both are served in turn, and the listing sees the pet added ahead of it
        assertThat(served.ahead().status()).isEqualTo(201);
        assertThat(served.queued().status()).isEqualTo(200);
        assertThat(served.queued().json().size()).isEqualTo(1);
    }

    private record Served(ApiClient.Response ahead, ApiClient.Response queued) {
    }

    private static Served listingQueuedBehindABlockedInsert(String schemaSuffix, String maxQueueWait) throws Exception {
        String schema = TestDatabase.freshSchema(schemaSuffix);
        EmbeddedServer server = oneWorker(schema, maxQueueWait);
        try (Connection blocker = TestDatabase.connect(); Statement lock = blocker.createStatement()) {
            ApiClient api = new ApiClient(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class));
            blocker.setAutoCommit(false);
            lock.execute("LOCK TABLE " + schema + ".pet IN EXCLUSIVE MODE");
            // A create with an Idempotency-Key runs on a worker (one without waits for its group on a virtual thread).
            CompletableFuture<ApiClient.Response> ahead = CompletableFuture.supplyAsync(() -> api.call("POST", "/v1/pets")
                    .header("Content-Type", "application/json").header("Idempotency-Key", schemaSuffix).body(PET).send(), THREADS);
            TestDatabase.awaitWaitingOnLock(lock, schema);
            // A page the warm-up did not ask for: one it did is remembered, and answered without a worker.
            CompletableFuture<ApiClient.Response> queued = CompletableFuture.supplyAsync(() -> api.get("/v1/pets?limit=5"), THREADS);
            Thread.sleep(800);
            assertThat(queued).as("the listing waits for the only worker").isNotDone();
            blocker.commit();
            return new Served(ahead.get(10, TimeUnit.SECONDS), queued.get(10, TimeUnit.SECONDS));
        } finally {
            server.stop();
        }
    }

    private static EmbeddedServer oneWorker(String schema, String maxQueueWait) {
        Map<String, Object> properties = TestDatabase.serviceOn(TestDatabase.POSTGRES_PORT, schema);
        properties.put("endpoints.all.port", TestDatabase.freePort());
        properties.put("datasources.default.data-source-properties.ApplicationName", schema);
        properties.put("micronaut.executors.catalogue.number-of-threads", 1);
        properties.put("petstore.catalogue.max-queue-wait", maxQueueWait);
        EmbeddedServer server = ServiceContexts.server(properties, "test");
        new ApiClient(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class)).get("/v1/pets");
        return server;
    }
}
