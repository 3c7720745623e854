package org.animalstore.bootstrap.resilience;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.animalstore.bootstrap.support.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * Stopping the service (what its shutdown hook does on SIGTERM) stops accepting connections at once,
 * lets the request in flight finish and be acknowledged, then closes the pool: nothing acknowledged is lost.
 */
class GracefulShutdownIT {

    /** Threads of their own: the common pool may have a single worker on a small machine. */
    private static final Executor THREADS = task -> Thread.ofPlatform().daemon().start(task);

    @Test
    void finishes_the_request_in_flight_and_refuses_new_connections_while_stopping() throws Exception {
        String schema = TestDatabase.freshSchema("shutdown");
        Map<String, Object> properties = TestDatabase.serviceOn(TestDatabase.POSTGRES_PORT, schema);
        properties.put("endpoints.all.port", TestDatabase.freePort());
        properties.put("datasources.default.data-source-properties.ApplicationName", schema);
        EmbeddedServer server = ServiceContexts.server(properties, "test");
        int port = server.getPort();
        ApiClient api = new ApiClient(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class));
        api.get("/v1/pets");

        try (Connection blocker = TestDatabase.connect(); Statement lock = blocker.createStatement()) {
            // Given an INSERT that waits on a table lock held elsewhere: a request slow in the database.
            blocker.setAutoCommit(false);
            lock.execute("LOCK TABLE " + schema + ".pet IN EXCLUSIVE MODE");
            CompletableFuture<ApiClient.Response> inFlight = CompletableFuture.supplyAsync(
                    () -> api.postJson("/v1/pets", "{\"name\":\"Last Orders\",\"categoryId\":7}"), THREADS);
            // (The INSERT waits while being parsed, so pg_stat_activity still shows the connection's previous query.)
            TestDatabase.awaitWaitingOnLock(lock, schema);

            // When the service is told to stop
            CompletableFuture<Void> stopping = CompletableFuture.runAsync(server::stop, THREADS);

            // Then it refuses new connections while the request is still running
            awaitRefused(port);
            assertThat(inFlight).isNotDone();
            assertThat(stopping).isNotDone();

            // and once the database answers, the request completes and is acknowledged
            blocker.commit();
            ApiClient.Response response = inFlight.get(10, TimeUnit.SECONDS);
            assertThat(response.status()).isEqualTo(201);
            stopping.get(30, TimeUnit.SECONDS);
        }

        // and the acknowledged pet is stored
        try (Connection connection = TestDatabase.connect(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT name FROM " + schema + ".pet")) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getString(1)).isEqualTo("Last Orders");
        }
        assertThat(server.getApplicationContext().isRunning()).isFalse();
    }

    private static void awaitRefused(int port) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            } catch (ConnectException refused) {
                return;
            } catch (java.io.IOException other) {
                // not yet
            }
            Thread.sleep(50);
        }
        assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(ConnectException.class);
    }
}
