package org.animalstore.bootstrap.operations;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.spi.ILoggingEvent;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.List;
import java.util.Map;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.animalstore.bootstrap.support.LogCapture;
import org.animalstore.bootstrap.support.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every response carries a request id, and every request leaves one access-log line under that id. */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class RequestIdApiTest extends ApiTestBase {

    private static final String ACCESS = "animalstore.access";
    private static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";

    @ParameterizedTest
    @ValueSource(strings = {"abc-123", "f47ac10b-58cc-4372-a567-0e02b2c3d479", "trace.7:span_9",
            "1234567890123456789012345678901234567890123456789012345678901234"})
    void echoes_a_safe_incoming_request_id(String requestId) {
        ApiClient.Response response = api.call("GET", "/v1/pets").header("X-Request-Id", requestId).send();

        assertThat(response.header("X-Request-Id")).hasValue(requestId);
    }

    @ParameterizedTest
    @ValueSource(strings = {"has space", "quote\"d", "<script>", "semi;colon", "x=1",
            "12345678901234567890123456789012345678901234567890123456789012345"})
    void replaces_an_unsafe_or_overlong_request_id_with_a_new_one(String requestId) {
        ApiClient.Response response = api.call("GET", "/v1/pets").header("X-Request-Id", requestId).send();

        assertThat(response.header("X-Request-Id")).hasValueSatisfying(id -> assertThat(id).matches(UUID));
    }

    @Test
    void generates_a_new_id_for_each_request_without_one() {
        String first = api.get("/v1/pets").header("X-Request-Id").orElseThrow();
        String second = api.get("/v1/pets").header("X-Request-Id").orElseThrow();

        assertThat(first).matches(UUID);
        assertThat(second).matches(UUID).isNotEqualTo(first);
    }

    @Test
    void errors_carry_the_request_id_too() {
        assertThat(api.call("GET", "/v1/pets").anonymous().header("X-Request-Id", "err-401").send().header("X-Request-Id")).hasValue("err-401");
        assertThat(api.call("GET", "/nowhere").header("X-Request-Id", "err-404").send().header("X-Request-Id")).hasValue("err-404");
        assertThat(api.call("GET", "/v1/pets?limit=0").header("X-Request-Id", "err-400").send().header("X-Request-Id")).hasValue("err-400");
        assertThat(api.call("DELETE", "/v1/pets").header("X-Request-Id", "err-405").send().header("X-Request-Id")).hasValue("err-405");
        assertThat(api.call("POST", "/v1/pets").header("Content-Type", "application/json").body(new byte[20_000])
                .header("X-Request-Id", "err-413").send().header("X-Request-Id")).hasValue("err-413");
    }

    @Test
    void logs_one_access_line_per_request_with_route_status_duration_key_label_and_id() throws InterruptedException {
        long id = catalogue.add("Rex", 1, null);

        try (LogCapture logs = new LogCapture(ACCESS)) {
            api.call("GET", "/v1/pets/" + id).header("X-Request-Id", "access-1").send();

            List<ILoggingEvent> lines = logs.awaitRequestId("access-1").stream().filter(event -> event.getLoggerName().equals(ACCESS)).toList();
            assertThat(lines).hasSize(1);
            Map<String, String> fields = LogCapture.fields(lines.getFirst());
            assertThat(fields).containsEntry("method", "GET").containsEntry("route", "/v1/pets/{petId}")
                    .containsEntry("status", "200").containsEntry("apiKey", "key-1").containsEntry("requestId", "access-1")
                    .containsKey("durationMs");
            assertThat(lines.getFirst().getFormattedMessage()).contains("GET /v1/pets/{petId} 200").contains("key=key-1");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/pets?%ZZ", "/v1/pets/%", "/v1/pets?name=a|b%"})
    void keeps_the_callers_id_on_the_answer_and_log_line_of_a_uri_refused_before_routing(String target) throws InterruptedException {
        try (LogCapture logs = new LogCapture(ACCESS)) {
            // Micronaut answered such a URI through a substitute request without headers, under a new id
            RawHttp.Response response = RawHttp.send(server.getURI(), "GET " + target + " HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: abc");

            assertThat(response.status()).isEqualTo(400);
            assertThat(response.header("X-Request-Id")).isEqualTo("abc");
            assertThat(LogCapture.fields(logs.awaitRequestId("abc").getFirst())).containsEntry("status", "400");
        }
    }

    @Test
    void keeps_the_callers_id_on_the_answer_and_log_line_of_a_body_refused_as_malformed() throws InterruptedException {
        try (LogCapture logs = new LogCapture(ACCESS)) {
            // the guard answers in Micronaut's place a request whose chunked body cannot be read; it gave a new id
            RawHttp.Response response = RawHttp.send(server.getURI(), "POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER
                    + "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nX-Request-Id: abc-chunk",
                    "zz\r\n{}\r\n0\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));

            assertThat(response.status()).isEqualTo(400);
            assertThat(response.header("X-Request-Id")).isEqualTo("abc-chunk");
            assertThat(LogCapture.fields(logs.awaitRequestId("abc-chunk").getFirst())).containsEntry("status", "400");
        }
    }

    @Test
    void logs_refused_requests_without_a_key_label_and_never_logs_a_key() throws InterruptedException {
        try (LogCapture logs = new LogCapture(ACCESS, "org.animalstore")) {
            api.call("GET", "/v1/pets").header("Authorization", "Bearer " + ApiClient.KEY + "-wrong").header("X-Request-Id", "refused-1").send();
            api.call("GET", "/v1/pets").header("X-Request-Id", "accepted-1").send();

            assertThat(LogCapture.fields(logs.awaitRequestId("refused-1").getFirst()))
                    .containsEntry("status", "401").containsEntry("apiKey", "-").containsEntry("route", "UNMATCHED");
            assertThat(logs.events()).isNotEmpty().allSatisfy(event -> {
                assertThat(event.getFormattedMessage()).doesNotContain(ApiClient.KEY);
                assertThat(event.getMDCPropertyMap().toString()).doesNotContain(ApiClient.KEY);
                assertThat(LogCapture.fields(event).toString()).doesNotContain(ApiClient.KEY);
            });
        }
    }

    @Test
    void logs_unknown_routes_by_a_fixed_name_not_by_the_path_sent() throws InterruptedException {
        try (LogCapture logs = new LogCapture(ACCESS)) {
            api.call("GET", "/v1/pets/1/%0d%0aforged-line").header("X-Request-Id", "unknown-1").send();

            assertThat(LogCapture.fields(logs.awaitRequestId("unknown-1").getFirst())).containsEntry("route", "UNMATCHED");
        }
    }
}
