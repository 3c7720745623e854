package org.animalstore.bootstrap.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import java.util.List;
import java.util.Map;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.LogCapture;
import org.animalstore.bootstrap.support.RawHttp;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** PETSTORE_ACCESS_LOG: which answers get an access-log line, whoever gave them (Micronaut or the HTTP fence). */
class AccessLogListingTest {

    private static final String ACCESS = "animalstore.access";

    @ParameterizedTest
    @CsvSource({"all, 'ok,missing,keyless,refused'", "errors, 'missing,keyless,refused'", "off, ''"})
    void lists_the_answers_the_operator_chose(String listing, String listed) throws InterruptedException {
        try (EmbeddedServer server = ServiceContexts.server(Map.of("petstore.access-log", listing), "test");
             LogCapture logs = new LogCapture(ACCESS)) {
            ApiClient api = new ApiClient(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class));

            api.call("GET", "/v1/pets?limit=1").header("X-Request-Id", "ok").send();
            api.call("GET", "/v1/pets/987654321").header("X-Request-Id", "missing").send();
            api.call("GET", "/v1/pets").anonymous().header("X-Request-Id", "keyless").send();
            RawHttp.send(server.getURI(), "BREW /v1/pets HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: refused\r\n\r\n");

            String[] expected = listed.isEmpty() ? new String[0] : listed.split(",");
            List<String> ids = logs.awaitFrom(ACCESS, expected.length).stream().map(event -> LogCapture.fields(event).get("requestId")).toList();
            assertThat(ids).containsExactlyInAnyOrder(expected);
        }
    }

    @Test
    void lists_no_more_lines_a_second_than_the_operator_allows_and_tells_how_many_it_left_out() throws InterruptedException {
        Map<String, Object> settings = Map.of("petstore.access-log", "errors", "petstore.access-log-lines-per-second", 2);
        try (EmbeddedServer server = ServiceContexts.server(settings, "test");
             LogCapture logs = new LogCapture(ACCESS)) {
            ApiClient api = new ApiClient(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class));

            // given a burst of five keyless requests (within at most two seconds: four lines at most)
            for (int request = 0; request < 5; request++) {
                api.call("GET", "/v1/pets").anonymous().send();
            }
            // when one more comes in a later second
            Thread.sleep(1_100);
            api.call("GET", "/v1/pets").anonymous().send();

            // then every answer was either listed or counted as left out, and some were left out
            logs.awaitUntil(() -> listed(logs) + unlisted(logs) >= 6); // the last 401's line may trail its answer
            assertThat(listed(logs) + unlisted(logs)).isEqualTo(6);
            assertThat(unlisted(logs)).isPositive();
        }
    }

    private static long listed(LogCapture logs) {
        return logs.from(ACCESS).stream().map(LogCapture::fields).filter(line -> line.containsKey("requestId")).count();
    }

    private static long unlisted(LogCapture logs) {
        return logs.from(ACCESS).stream().map(LogCapture::fields).filter(line -> line.containsKey("unlisted"))
                .mapToLong(line -> Long.parseLong(line.get("unlisted"))).sum();
    }

    @Test
    void refuses_to_start_with_a_negative_line_limit() {
        assertThatThrownBy(() -> ServiceContexts.server(Map.of("petstore.access-log-lines-per-second", -1), "test"))
                .hasStackTraceContaining("PETSTORE_ACCESS_LOG_LINES_PER_SECOND");
    }
}
