package org.animalstore.adapters.rest.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Canaries for the connection guard and the receive deadline: how Netty's decoder and Micronaut frame,
 * or fail to frame, requests on their own. Each fails the day they behave, and says what to delete.
 */
class FramingCanaryTest {

    private static final String POST = "POST /v1/canary HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n";
    private static final String HIDDEN_GET = "GET /v1/canary HTTP/1.1\r\nHost: localhost\r\n\r\n";

    private static FrameworkAsShipped framework;

    @BeforeAll
    static void start() {
        framework = new FrameworkAsShipped(Map.of("micronaut.server.idle-timeout", "1s"));
    }

    @AfterAll
    static void stop() {
        framework.close();
    }

    @Test
    void micronaut_reads_a_body_in_an_unknown_transfer_coding_as_if_it_were_plain() {
        String answer = framework.exchange(POST + "Transfer-Encoding: foo, chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n");

        assertThat(answer).as("Micronaut now refuses a transfer coding it cannot decode: delete Refusal.TRANSFER_CODING_NOT_IMPLEMENTED")
                .startsWith("HTTP/1.1 200 ").contains("\"body\":\"{}\"");
    }

    @Test
    void micronaut_serves_a_malformed_chunk_as_the_end_of_the_body_and_nothing_after_it() {
        String answers = framework.exchange(POST + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n" + HIDDEN_GET);

        // the body is taken as empty, and the request after it is never answered (the connection waits for the idle timeout)
        assertThat(answers).as("Micronaut now refuses a malformed chunk: delete ConnectionGuard's answer for Refusal.MALFORMED_CHUNK")
                .startsWith("HTTP/1.1 200 ").contains("\"body\":\"\"").doesNotContain("{\"method\":\"GET\"}");
    }

    @Test
    void micronaut_lets_a_client_trickle_its_request_for_longer_than_the_idle_timeout() throws Exception {
        String delete = "Micronaut now cuts off a client that trickles its request: delete ReceiveDeadline and Refusal.REQUEST_TIMEOUT";
        try (Socket socket = framework.connect()) {
            // given an idle timeout of 1 s, when a client sends a byte every 100 ms for 3 s
            OutputStream out = socket.getOutputStream();
            for (byte b : "GET /v1/canary HTTP/1.1\r\nX-Slow-Header:".getBytes(StandardCharsets.US_ASCII)) {
                out.write(b);
                out.flush();
                Thread.sleep(100);
            }
            // then the server has neither answered nor closed
            socket.setSoTimeout(200);
            assertThatThrownBy(() -> socket.getInputStream().read()).as(delete).isInstanceOf(SocketTimeoutException.class);
        } catch (IOException e) {
            throw new AssertionError(delete, e);
        }
    }
}
