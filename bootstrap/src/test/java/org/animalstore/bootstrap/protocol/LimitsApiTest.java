package org.animalstore.bootstrap.protocol;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The server's own limits: request line (414), header size (431) and idle connections (closed, the idle timeout shortened to 1 s here). */
class LimitsApiTest {

    /** Responses refused before routing still carry a request id: a new one. */
    private static final String UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    private static final double IDLE_TIMEOUT_SECONDS = 1;
    /**
     * When an idle connection must be closed, counted from its last byte: the idle timeout, give or take a loaded
     * machine, and well before the 10 s receive deadline or the client's own 10 s read timeout could end it.
     */
    private static final double CLOSE_NO_EARLIER = IDLE_TIMEOUT_SECONDS - 0.25;
    private static final double CLOSE_NO_LATER = IDLE_TIMEOUT_SECONDS + 5;

    private static EmbeddedServer server;
    private static ApiClient api;

    @BeforeAll
    static void start() {
        server = ServiceContexts.server(Map.of("micronaut.server.idle-timeout", "1s"), "test");
        api = new ApiClient(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void answers_431_with_an_error_body_to_headers_over_8_kib() {
        ApiClient.Response response = api.call("GET", "/v1/pets").header("X-Padding", "a".repeat(9000)).send();

        assertError(response, 431, "headers_too_large");
        assertThat(response.header("X-Request-Id")).hasValueSatisfying(id -> assertThat(id).matches(UUID_PATTERN));
    }

    @Test
    void answers_414_with_an_error_body_to_a_request_line_over_4_kib() {
        ApiClient.Response response = api.get("/v1/pets?status=" + "a".repeat(5000));

        assertError(response, 414, "uri_too_long");
        assertThat(response.header("X-Request-Id")).hasValueSatisfying(id -> assertThat(id).matches(UUID_PATTERN));
    }

    @Test
    void closes_a_connection_that_stalls_in_the_middle_of_a_request_after_the_idle_timeout() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", server.getPort())) {
            // given half a request head, then nothing
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write("GET /v1/pets HTTP/1.1\r\nHost: localhost\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            long stalled = System.nanoTime();

            // when the client waits
            boolean closed = readUntilClosed(socket.getInputStream());

            // then the server closes the connection at the idle timeout instead of waiting for the rest
            assertThat(closed).as("closed by the server").isTrue();
            assertThat(secondsSince(stalled)).isBetween(CLOSE_NO_EARLIER, CLOSE_NO_LATER);
        }
    }

    @Test
    void closes_an_idle_keep_alive_connection_after_the_idle_timeout() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", server.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();

            String answered = new String(socket.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
            long answeredAt = System.nanoTime();

            assertThat(answered).isEqualTo("HTTP/1.1 200");
            assertThat(readUntilClosed(socket.getInputStream())).as("closed by the server").isTrue();
            assertThat(secondsSince(answeredAt)).isBetween(CLOSE_NO_EARLIER, CLOSE_NO_LATER);
        }
    }

    private static double secondsSince(long nanos) {
        return (System.nanoTime() - nanos) / 1e9;
    }

    /** Reads until the peer closes (true) or nothing happens for the socket's timeout (false). */
    private static boolean readUntilClosed(InputStream in) throws Exception {
        try {
            while (in.read() >= 0) {
                // drain whatever the server sends before closing
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        }
    }
}
