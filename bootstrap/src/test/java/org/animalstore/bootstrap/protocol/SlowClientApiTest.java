package org.animalstore.bootstrap.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.context.ApplicationContext;
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
import org.animalstore.bootstrap.support.ApiClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Slow clients (slowloris) cannot hold connections: each request must arrive within the receive timeout, here 2 s. */
class SlowClientApiTest {

    private static EmbeddedServer server;
    private static ApiClient api;

    @BeforeAll
    static void start() {
        server = ApplicationContext.run(EmbeddedServer.class, Map.of("petstore.request-receive-timeout", "2s"), "test");
        api = new ApiClient(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void trickled_headers_get_408_and_a_closed_connection_while_other_clients_are_served() throws Exception {
        // given 20 clients trickling their headers, one byte every 200 ms (each byte restarts any idle timer)
        List<Trickler> tricklers = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            tricklers.add(Trickler.start(server, "GET /v1/pets HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + "a".repeat(200)));
        }

        // when an ordinary client calls meanwhile, it is served at once
        long started = System.nanoTime();
        assertThat(api.get("/v1/pets?limit=1").status()).isEqualTo(200);
        assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(1_500);

        // then every trickler is answered 408 with the Error body and cut off, well before it finished sending
        for (Trickler trickler : tricklers) {
            String answer = trickler.awaitAnswer();
            assertThat(answer).startsWith("HTTP/1.1 408");
            assertThat(answer).contains("\"code\":\"request_timeout\"", "\"status\":408");
            assertThat(answer).containsPattern("(?i)\r\nX-Request-Id: [0-9a-f-]{36}\r\n");
            assertThat(answer).containsPattern("(?i)\r\nDate: [A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT\r\n");
            assertThat(trickler.secondsUntilCut()).isBetween(1.5, 6.0);
        }
        assertThat(api.get("/v1/pets?limit=1").status()).isEqualTo(200);
    }

    @Test
    void a_body_trickled_after_a_complete_head_is_cut_off_too() throws Exception {
        Trickler trickler = Trickler.start(server, "POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER
                + "\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n" + " ".repeat(380) + "{\"name\":\"Rex\",\"categoryId\":1}");

        assertThat(trickler.awaitAnswer()).startsWith("HTTP/1.1 408");
    }

    /** Writes its request one byte at a time and records what the server answers and when it closes. */
    private static final class Trickler {
        private final Socket socket;
        private final long startedNanos = System.nanoTime();
        private final Thread writer;
        private volatile long cutNanos;

        private Trickler(Socket socket, byte[] request) {
            this.socket = socket;
            this.writer = Thread.ofVirtual().start(() -> {
                try {
                    OutputStream out = socket.getOutputStream();
                    for (byte b : request) {
                        out.write(b);
                        out.flush();
                        Thread.sleep(200);
                    }
                } catch (IOException | InterruptedException e) {
                    // the server closed the connection: expected
                }
            });
        }

        static Trickler start(EmbeddedServer server, String request) throws IOException {
            Socket socket = new Socket(server.getHost(), server.getPort());
            socket.setSoTimeout(15_000);
            return new Trickler(socket, request.getBytes(StandardCharsets.US_ASCII));
        }

        String awaitAnswer() throws IOException {
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            try (socket; InputStream in = socket.getInputStream()) {
                in.transferTo(answer);
            } catch (IOException e) {
                // a reset after the answer is fine: the answer was read before it
            }
            cutNanos = System.nanoTime();
            writer.interrupt();
            return answer.toString(StandardCharsets.UTF_8);
        }

        double secondsUntilCut() {
            return (cutNanos - startedNanos) / 1e9;
        }
    }
}
