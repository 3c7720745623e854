package org.animalstore.bootstrap.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.LogCapture;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.animalstore.bootstrap.support.TcpRelay;
import org.animalstore.bootstrap.support.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * Request counts are shared on their own schedule (petstore.quota-sharing-interval, 100 ms here), and a database
 * outage during sharing is said once, survived, and its end said once: through a relay the test cuts.
 */
class RequestCountsSharingIT {

    private static final String SHARING = "org.animalstore.bootstrap.RequestCountsSharing";

    @Test
    void an_outage_during_sharing_is_logged_once_and_sharing_resumes_by_itself() throws Exception {
        String schema = TestDatabase.freshSchema("sharing");
        try (TcpRelay relay = new TcpRelay(TestDatabase.POSTGRES_PORT); LogCapture logs = new LogCapture(SHARING)) {
            Map<String, Object> properties = TestDatabase.serviceOn(relay.port(), schema);
            properties.put("petstore.rate-limit", "1000/86400s");
            properties.put("petstore.quota-sharing-interval", "100ms");
            properties.put("datasources.default.maximum-pool-size", 2);
            properties.put("datasources.default.minimum-idle", 2);
            try (EmbeddedServer server = ServiceContexts.server(properties, "test")) {
                ApiClient api = new ApiClient(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class));
                // given a request counted, and shared without anyone asking
                assertThat(api.get("/v1/pets").status()).isEqualTo(200);
                await(() -> sharedRequests(schema) >= 1, "the first count reaches the table");

                // when the database goes away for a while, and requests keep coming
                relay.cut();
                await(() -> !warnings(logs).isEmpty(), "the outage is logged");
                ApiClient.Response during = api.get("/v1/pets");
                relay.restore();

                // then the instance went on deciding quotas, and once the database is back it shares again by itself
                assertThat(during.header("RateLimit")).isPresent();
                await(() -> logs.from(SHARING).stream().anyMatch(event -> event.getLevel() == Level.INFO), "the recovery is logged");
                assertThat(api.get("/v1/pets").status()).isEqualTo(200);
                await(() -> sharedRequests(schema) >= 3, "the counts made during and after the outage reach the table");
                // and the outage was said once, by the sharing alone (no scheduler error line for every round)
                assertThat(warnings(logs)).hasSize(1);
                assertThat(logs.events()).noneMatch(event -> event.getLoggerName().startsWith("io.micronaut.scheduling"));
            }
        }
    }

    private static List<ILoggingEvent> warnings(LogCapture logs) {
        return logs.from(SHARING).stream().filter(event -> event.getLevel() == Level.WARN).toList();
    }

    private static long sharedRequests(String schema) {
        try (Connection connection = TestDatabase.connect(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT coalesce(sum(requests), 0) FROM " + schema + ".request_count")) {
            rows.next();
            return rows.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Waits up to 20 s (a pool reconnecting after an outage takes a few) for the condition. */
    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 20 s: " + what);
            }
            Thread.sleep(50);
        }
    }
}
