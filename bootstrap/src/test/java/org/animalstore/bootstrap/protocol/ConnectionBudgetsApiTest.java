package org.animalstore.bootstrap.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.runtime.server.EmbeddedServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.animalstore.bootstrap.support.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The connection budgets (docs/operations.md, limits): the management port has its own, so probes get
 * through while the API port is full; one client address holds at most its share of the API port's; and
 * a connection left idle after a 401 is closed within 5 s, not at the idle timeout. Clients come from
 * different loopback addresses (127.0.0.x) to be told apart.
 */
class ConnectionBudgetsApiTest {

    private static final int CAP = 4;
    private static final int PER_ADDRESS = 2;
    private static final String GET = "GET /v1/pets?limit=1 HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER + "\r\n\r\n";
    private static final String KEYLESS_GET = "GET /v1/pets?limit=1 HTTP/1.1\r\nHost: localhost\r\n\r\n";
    private static final String READINESS = "GET /health/readiness HTTP/1.1\r\nHost: localhost\r\n\r\n";

    private static EmbeddedServer server;
    private static int managementPort;

    @BeforeAll
    static void start() throws IOException {
        managementPort = TestDatabase.freePort();
        server = ServiceContexts.server(Map.of("endpoints.all.port", managementPort,
                "petstore.max-connections", CAP, "petstore.max-connections-per-address", PER_ADDRESS), "test");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void readiness_answers_on_the_management_port_while_the_api_port_is_full() throws Exception {
        List<Socket> open = new ArrayList<>();
        try {
            // given the API port full: four connections from two addresses, each served
            for (String client : List.of("127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.3")) {
                open.add(servedFrom(client));
            }
            try (Socket oneTooMany = connect("127.0.0.4", server.getPort())) {
                assertThat(closedUnanswered(oneTooMany)).as("the API port is full").isTrue();
            }

            // then readiness still answers
            try (Socket probe = connect("127.0.0.4", managementPort)) {
                assertThat(exchange(probe, READINESS)).startsWith("HTTP/1.1 200 ");
            }
        } finally {
            closeAll(open);
        }
    }

    @Test
    void refuses_a_client_address_past_its_share_of_the_cap_and_still_serves_another() throws Exception {
        List<Socket> open = new ArrayList<>();
        try {
            open.add(servedFrom("127.0.0.5"));
            open.add(servedFrom("127.0.0.5"));

            try (Socket third = connect("127.0.0.5", server.getPort())) {
                assertThat(closedUnanswered(third)).as("a third connection from one address").isTrue();
            }
            try (Socket other = servedFrom("127.0.0.6")) {
                assertThat(other.isConnected()).isTrue();
            }
        } finally {
            closeAll(open);
        }
    }

    @Test
    void closes_a_connection_left_idle_after_a_401_within_5_s_and_keeps_an_authenticated_one() throws Exception {
        try (Socket refused = connect("127.0.0.7", server.getPort()); Socket served = servedFrom("127.0.0.8")) {
            assertThat(exchange(refused, KEYLESS_GET)).startsWith("HTTP/1.1 401 ");
            long answered = System.nanoTime();

            refused.setSoTimeout(15_000);
            assertThat(readToEnd(refused)).as("the server closed the refused connection").isTrue();
            long closedAfterMillis = (System.nanoTime() - answered) / 1_000_000;
            assertThat(closedAfterMillis).as("closed after the refusal, ms").isBetween(4_000L, 8_000L);

            // the authenticated connection, idle as long, is still served
            assertThat(exchange(served, GET)).startsWith("HTTP/1.1 200 ");
        }
    }

    private static Socket servedFrom(String client) throws Exception {
        long deadline = System.currentTimeMillis() + 5_000;
        while (true) {
            Socket socket = connect(client, server.getPort());
            try {
                if (exchange(socket, GET).startsWith("HTTP/1.1 200 ")) {
                    return socket;
                }
            } catch (IOException closed) {
                // a place of a connection just closed is not free yet
            }
            socket.close();
            assertThat(System.currentTimeMillis()).as("served from " + client + " within 5 s").isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    private static Socket connect(String client, int port) throws IOException {
        return new Socket(InetAddress.getByName("127.0.0.1"), port, InetAddress.getByName(client), 0);
    }

    private static boolean closedUnanswered(Socket socket) throws IOException {
        socket.setSoTimeout(5_000);
        try {
            socket.getOutputStream().write(GET.getBytes(StandardCharsets.US_ASCII));
            return socket.getInputStream().read() == -1;
        } catch (SocketException reset) {
            return true;
        }
    }

    /** Reads until the server closes (true), or nothing comes for the socket's timeout (false). */
    private static boolean readToEnd(Socket socket) throws IOException {
        try {
            InputStream in = socket.getInputStream();
            while (in.read() != -1) {
                // what is left of the answer
            }
            return true;
        } catch (SocketTimeoutException silent) {
            return false;
        } catch (SocketException reset) {
            return true;
        }
    }

    /** Sends one request and reads its answer's head and the start of its body (enough to see the status). */
    private static String exchange(Socket socket, String request) throws IOException {
        socket.setSoTimeout(5_000);
        socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        byte[] buffer = new byte[8192];
        int read = socket.getInputStream().read(buffer);
        return read < 0 ? "" : new String(buffer, 0, read, StandardCharsets.ISO_8859_1);
    }

    private static void closeAll(List<Socket> sockets) throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
    }
}
