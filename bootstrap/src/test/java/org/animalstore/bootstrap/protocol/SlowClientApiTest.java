package org.animalstore.bootstrap.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Slow clients (slowloris) cannot hold connections: each request must arrive within the receive timeout, here 2 s. */
class SlowClientApiTest {

    private static final double RECEIVE_TIMEOUT_SECONDS = 2;
    /** When the connection must be cut, counted from the request's first byte: the deadline, give or take a loaded machine. */
    private static final double CUT_NO_EARLIER = RECEIVE_TIMEOUT_SECONDS - 0.25;
    private static final double CUT_NO_LATER = RECEIVE_TIMEOUT_SECONDS + 6;

    private static EmbeddedServer server;
    private static ApiClient api;

    @BeforeAll
    static void start() {
        server = ServiceContexts.server(Map.of("petstore.request-receive-timeout", "2s"), "test");
        api = new ApiClient(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void trickled_headers_get_408_and_a_closed_connection_while_other_clients_are_served() throws Exception {
        // given 20 clients trickling their headers, one byte every 200 ms (each byte restarts any idle timer): 50 s each
        List<Trickler> tricklers = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            tricklers.add(Trickler.start(server, "", "GET /v1/pets HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + "a".repeat(200)));
        }

        // when an ordinary client calls meanwhile
        ApiClient.Response ordinary = api.get("/v1/pets?limit=1");
        long servedNanos = System.nanoTime();

        // then it is served while the tricklers still hold their connections
        assertThat(ordinary.status()).isEqualTo(200);
        // and every trickler is answered 408 with the Error body and cut off at the deadline, long before it finished sending
        for (Trickler trickler : tricklers) {
            String answer = trickler.awaitAnswer();
            assertThat(answer).startsWith("HTTP/1.1 408");
            assertThat(answer).contains("\"code\":\"request_timeout\"", "\"status\":408");
            assertThat(answer).containsPattern("(?i)\r\nX-Request-Id: [0-9a-f-]{36}\r\n");
            assertThat(answer).containsPattern("(?i)\r\nDate: [A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT\r\n");
            assertThat(trickler.secondsUntilCut()).isBetween(CUT_NO_EARLIER, CUT_NO_LATER);
            assertThat(trickler.cutNanos()).as("cut after the ordinary client was served").isGreaterThan(servedNanos);
        }
        assertThat(api.get("/v1/pets?limit=1").status()).isEqualTo(200);
    }

    @Test
    void a_body_trickled_after_a_complete_head_is_cut_off_at_the_deadline_too() throws Exception {
        // given a complete head sent at once, and its 400-byte body trickled (80 s)
        String head = "POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER
                + "\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n";

        // when
        Trickler trickler = Trickler.start(server, head, " ".repeat(371) + "{\"name\":\"Rex\",\"categoryId\":1}");

        // then
        assertThat(trickler.awaitAnswer()).startsWith("HTTP/1.1 408");
        assertThat(trickler.secondsUntilCut()).isBetween(CUT_NO_EARLIER, CUT_NO_LATER);
    }

    @Test
    void a_slow_second_request_on_a_kept_alive_connection_is_cut_off_at_its_own_deadline() throws Exception {
        // given a kept-alive connection whose first request came at once and was answered
        Socket socket = new Socket(server.getHost(), server.getPort());
        socket.setSoTimeout(15_000);
        socket.getOutputStream().write(("GET /v1/pets?limit=1 HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        assertThat(readOneAnswer(socket.getInputStream())).startsWith("HTTP/1.1 200");

        // when its second request trickles its headers, one byte every 200 ms
        Trickler second = new Trickler(socket, new byte[0], ("GET /v1/pets HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + "a".repeat(200))
                .getBytes(StandardCharsets.US_ASCII));

        // then it is answered 408 and cut off at the deadline counted from its own first byte, as a first request is
        assertThat(second.awaitAnswer()).startsWith("HTTP/1.1 408").contains("\"code\":\"request_timeout\"");
        assertThat(second.secondsUntilCut()).isBetween(CUT_NO_EARLIER, CUT_NO_LATER);
    }

    @Test
    void a_second_request_begun_in_the_packet_of_the_first_and_left_unfinished_is_cut_off_at_the_deadline() throws Exception {
        // given a first request and the start of a second one in a single write, then nothing more
        String first = "GET /v1/pets?limit=1 HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER + "\r\n\r\n";
        Trickler pipelined = Trickler.start(server, first + "GET /v1/pets HTTP/1.1\r\nHost: local", "");

        // then the first is answered, and the unfinished second gets its 408 at the deadline, not at the idle timeout
        String answers = pipelined.awaitAnswer();
        assertThat(answers).startsWith("HTTP/1.1 200").contains("HTTP/1.1 408");
        assertThat(pipelined.secondsUntilCut()).isBetween(CUT_NO_EARLIER, CUT_NO_LATER);
    }

    /** Reads one answer with a Content-Length body, byte by byte, so nothing of the next one is taken. */
    private static String readOneAnswer(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new AssertionError("the connection closed after " + head);
            }
            head.write(b);
        }
        String text = head.toString(StandardCharsets.US_ASCII);
        Matcher length = Pattern.compile("(?i)\r\ncontent-length: *(\\d+)\r\n").matcher(text);
        assertThat(length.find()).as("Content-Length in %s", text).isTrue();
        return text + new String(in.readNBytes(Integer.parseInt(length.group(1))), StandardCharsets.UTF_8);
    }

    /** Writes part of its request at once and the rest one byte at a time; records what the server answers and when it closes. */
    private static final class Trickler {
        private final long startedNanos = System.nanoTime();
        private final Thread writer;
        private final CompletableFuture<String> answer = new CompletableFuture<>();
        private volatile long cutNanos;

        private Trickler(Socket socket, byte[] atOnce, byte[] trickled) {
            this.writer = Thread.ofVirtual().start(() -> {
                try {
                    OutputStream out = socket.getOutputStream();
                    out.write(atOnce);
                    for (byte b : trickled) {
                        out.write(b);
                        out.flush();
                        Thread.sleep(200);
                    }
                } catch (IOException | InterruptedException e) {
                    // the server closed the connection: expected
                }
            });
            // Reads from the start, so the moment of the close is recorded as it happens.
            Thread.ofVirtual().start(() -> {
                ByteArrayOutputStream received = new ByteArrayOutputStream();
                try (socket; InputStream in = socket.getInputStream()) {
                    in.transferTo(received);
                } catch (IOException e) {
                    // a reset after the answer is fine: the answer was read before it
                }
                cutNanos = System.nanoTime();
                writer.interrupt();
                answer.complete(received.toString(StandardCharsets.UTF_8));
            });
        }

        static Trickler start(EmbeddedServer server, String atOnce, String trickled) throws IOException {
            Socket socket = new Socket(server.getHost(), server.getPort());
            socket.setSoTimeout(15_000);
            return new Trickler(socket, atOnce.getBytes(StandardCharsets.US_ASCII), trickled.getBytes(StandardCharsets.US_ASCII));
        }

        String awaitAnswer() throws Exception {
            return answer.get(20, TimeUnit.SECONDS);
        }

        long cutNanos() {
            return cutNanos;
        }

        double secondsUntilCut() {
            return (cutNanos - startedNanos) / 1e9;
        }
    }
}
