package org.animalstore.bootstrap.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.runtime.server.EmbeddedServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Connections are bounded: a silent one is closed at the receive deadline, and past the cap new ones are closed at once. */
class ConnectionLimitsApiTest {

    private static final String GET = "GET /v1/pets?limit=1 HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER + "\r\n\r\n";

    private static EmbeddedServer server;

    @BeforeAll
    static void start() {
        server = ServiceContexts.server(Map.of("petstore.request-receive-timeout", "1s", "petstore.max-connections", 3,
                "petstore.max-connections-per-address", 3), "test");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void closes_a_connection_that_sends_nothing_at_the_receive_deadline_without_an_answer() throws IOException {
        try (Socket silent = connect()) {
            silent.setSoTimeout(5_000);

            assertThat(silent.getInputStream().read()).as("the server closed the connection").isEqualTo(-1);
        }
    }

    @Test
    void closes_connections_past_the_cap_at_once_and_serves_those_open() throws Exception {
        List<Socket> open = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                Socket socket = connect();
                open.add(socket);
                assertThat(exchange(socket)).startsWith("HTTP/1.1 200 ");
            }

            try (Socket oneTooMany = connect()) {
                oneTooMany.setSoTimeout(5_000);
                assertThat(readsNothing(oneTooMany)).as("the fourth connection is closed unanswered").isTrue();
            }
            assertThat(exchange(open.getFirst())).startsWith("HTTP/1.1 200 ");

            open.removeFirst().close();
            assertThat(servedOnANewConnectionWithin(5_000)).as("a place freed by a closed connection is taken again").isTrue();
        } finally {
            for (Socket socket : open) {
                socket.close();
            }
        }
    }

    private static Socket connect() throws IOException {
        return new Socket(server.getHost(), server.getPort());
    }

    private static boolean readsNothing(Socket socket) throws IOException {
        try {
            socket.getOutputStream().write(GET.getBytes(StandardCharsets.US_ASCII));
            return socket.getInputStream().read() == -1;
        } catch (SocketException reset) {
            return true;
        }
    }

    private static boolean servedOnANewConnectionWithin(long millis) throws Exception {
        long deadline = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < deadline) {
            try (Socket socket = connect()) {
                socket.setSoTimeout(2_000);
                if (exchange(socket).startsWith("HTTP/1.1 200 ")) {
                    return true;
                }
            } catch (IOException closed) {
                // the count of the closed connection has not gone down yet
            }
            Thread.sleep(50);
        }
        return false;
    }

    /** Sends one GET and reads its answer's head and the start of its body (enough to see the status). */
    private static String exchange(Socket socket) throws IOException {
        socket.setSoTimeout(5_000);
        socket.getOutputStream().write(GET.getBytes(StandardCharsets.US_ASCII));
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[8192];
        int read = in.read(buffer);
        return read < 0 ? "" : new String(buffer, 0, read, StandardCharsets.ISO_8859_1);
    }
}
