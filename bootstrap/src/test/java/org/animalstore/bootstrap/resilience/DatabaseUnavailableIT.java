package org.animalstore.bootstrap.resilience;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.spi.ILoggingEvent;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import java.util.Map;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.LogCapture;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** With PostgreSQL out of reach, requests fail fast with 503 and an Error body, never a 500 or a hang. */
class DatabaseUnavailableIT {

    private static EmbeddedServer server;
    private static ApiClient api;

    @BeforeAll
    static void startWithoutDatabase() {
        server = ServiceContexts.server(Map.of(
                // Port 9 (discard) on loopback: nothing listens, connections are refused at once.
                "datasources.default.url", "jdbc:postgresql://127.0.0.1:9/test",
                "datasources.default.initialization-fail-timeout", -1,
                "flyway.datasources.default.enabled", false), "test");
        api = new ApiClient(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class));
        // The first request of a new instance is slow while classes load: keep it out of the timed one.
        api.call("GET", "/v1/pets").anonymous().send();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void listing_answers_503_within_the_connection_timeout() {
        long started = System.nanoTime();

        ApiClient.Response response = api.get("/v1/pets");

        assertError(response, 503, "service_unavailable");
        assertThat(response.header("Retry-After")).isPresent();
        assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(5_000);
    }

    @Test
    void adding_answers_503() {
        assertError(api.postJson("/v1/pets", "{\"name\":\"Rex\",\"categoryId\":1}"), 503, "service_unavailable");
    }

    @Test
    void fetching_answers_503_still_marked_deprecated() {
        ApiClient.Response response = api.get("/v1/pets/1");

        assertError(response, 503, "service_unavailable");
        assertThat(response.header("Deprecation")).contains("@1795305600");
    }

    @Test
    void every_line_logged_while_serving_a_request_carries_its_id_even_on_a_catalogue_worker() {
        try (LogCapture logs = new LogCapture("animalstore.access", "org.animalstore")) {
            api.call("GET", "/v1/pets").header("X-Request-Id", "outage-1").send();

            ILoggingEvent outage = logs.events().stream()
                    .filter(event -> event.getLoggerName().endsWith("StorageUnavailableHandler")).findFirst().orElseThrow();
            assertThat(outage.getThreadName()).as("the controller runs on a catalogue worker").startsWith("catalogue-executor");
            assertThat(logs.events()).filteredOn(event -> event.getThreadName().equals(outage.getThreadName()))
                    .allSatisfy(event -> assertThat(event.getMDCPropertyMap()).containsEntry("requestId", "outage-1"));
            assertThat(logs.withRequestId("outage-1")).extracting(ILoggingEvent::getLoggerName).contains("animalstore.access");
        }
    }

    @Test
    void still_checks_the_api_key_first() {
        assertError(api.call("GET", "/v1/pets").anonymous().send(), 401, "unauthorized");
    }
}
