package org.animalstore.bootstrap.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.spi.ILoggingEvent;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.animalstore.bootstrap.support.LogCapture;
import org.animalstore.bootstrap.support.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** HEAD: the head of the GET answer (RFC 9110 9.3.2), no content, and the connection stays usable. */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class HeadRequestsApiTest extends ApiTestBase {

    private static final String ACCESS = "animalstore.access";

    @ParameterizedTest
    @ValueSource(strings = {"/v1/pets?limit=2", "/v1/pets?status=sold", "/v1/pets?limit=0", "/v1/pets/424242", "/v1/store/orders"})
    void answers_with_the_status_and_headers_of_get_and_no_content(String path) {
        catalogue.add("Rex", 1, "sold");
        catalogue.add("Tom", 2, "sold");
        catalogue.add("Kit", 3, "sold");

        RawHttp.Conversation conversation = RawHttp.converse(server.getURI(),
                request("HEAD", path) + request("GET", path), List.of("HEAD", "GET"));

        assertThat(conversation.responses()).hasSize(2);
        RawHttp.Response head = conversation.responses().get(0);
        RawHttp.Response get = conversation.responses().get(1);
        assertThat(head.status()).isEqualTo(get.status());
        assertThat(head.header("Content-Type")).isEqualTo(get.header("Content-Type")).startsWith("application/json");
        assertThat(head.header("Content-Length")).isEqualTo(String.valueOf(get.body().getBytes(StandardCharsets.UTF_8).length));
        assertThat(head.header("Link")).isEqualTo(get.header("Link"));
        assertThat(head.header("Deprecation")).isEqualTo(get.header("Deprecation"));
        assertThat(head.header("Connection")).isNull();
        assertThat(head.body()).isEmpty();
    }

    @Test
    void a_refused_head_has_the_error_headers_and_keeps_the_connection() {
        String anonymousHead = "HEAD /v1/pets HTTP/1.1\r\nHost: localhost\r\n\r\n";

        RawHttp.Conversation conversation = RawHttp.converse(server.getURI(),
                anonymousHead + request("GET", "/v1/pets"), List.of("HEAD", "GET"));

        assertThat(conversation.statuses()).containsExactly(401, 200);
        RawHttp.Response refused = conversation.responses().getFirst();
        assertThat(refused.header("WWW-Authenticate")).startsWith("Bearer");
        assertThat(refused.header("Content-Type")).isEqualTo("application/json");
        assertThat(Integer.parseInt(refused.header("Content-Length"))).isPositive();
        assertThat(refused.body()).isEmpty();
        assertThat(conversation.closed()).isFalse();
    }

    @Test
    void the_access_log_names_head_and_a_client_cannot_pass_a_get_off_as_one() throws InterruptedException {
        try (LogCapture logs = new LogCapture(ACCESS)) {
            RawHttp.converse(server.getURI(),
                    request("HEAD", "/v1/pets", "X-Request-Id: head-1")
                            + request("GET", "/v1/pets", "X-Request-Id: get-1\r\nX-Animalstore-Head-Request: 1"),
                    List.of("HEAD", "GET"));

            assertThat(method(logs, "head-1")).isEqualTo("HEAD");
            assertThat(method(logs, "get-1")).isEqualTo("GET");
        }
    }

    private static String method(LogCapture logs, String requestId) throws InterruptedException {
        List<ILoggingEvent> lines = logs.awaitRequestId(requestId);
        assertThat(lines).hasSize(1);
        return LogCapture.fields(lines.getFirst()).get("method");
    }

    private static String request(String method, String path, String... headers) {
        return method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER + "\r\n"
                + String.join("", Arrays.stream(headers).map(header -> header + "\r\n").toList()) + "\r\n";
    }
}
