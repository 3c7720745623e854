package org.animalstore.bootstrap.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.netty.util.internal.PlatformDependent;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.animalstore.bootstrap.support.RawHttp;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Pipelined requests take turns (docs/reliability.md, "Attacks and their limits"): a client that sends
 * and never reads stops being read, whatever it asks for, and a request behind an unsafe one sees its effect.
 */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class PipeliningApiTest extends ApiTestBase {

    private static final String DOCUMENT = "GET /openapi.json HTTP/1.1\r\nHost: localhost\r\n\r\n";
    private static final String KEYLESS = "GET /v1/pets HTTP/1.1\r\nHost: localhost\r\n\r\n";
    private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.1 (\\d{3}) ");

    @Test
    void serves_others_while_clients_pipeline_documents_and_never_read() throws Exception {
        // Given eight clients that each send 1 000 requests for the 31 KB document and read nothing
        List<Socket> stalled = new ArrayList<>();
        List<CompletableFuture<Void>> sent = new ArrayList<>();
        directMemoryBefore = PlatformDependent.usedDirectMemory();
        for (int i = 0; i < 8; i++) {
            stalled.add(connectWithSmallReceiveBuffer());
            sent.add(sendInBackground(stalled.getLast(), DOCUMENT.repeat(1_000)));
        }
        try {
            // When the service has answered what it will while nothing is read
            long held = mostDirectMemoryWithin(Duration.ofSeconds(2)) - directMemoryBefore;

            // Then it holds about an answer and a write buffer per connection (2 MB measured), not 31 MB of answers each
            assertThat(held).isLessThan(8L * 1024 * 1024);
            // and a client that reads is served at once
            assertThat(answerWithin(Duration.ofSeconds(3))).startsWith("HTTP/1.1 200 ");
            // and once the stalled clients read, every answer comes, in order
            for (Socket socket : stalled) {
                assertThat(readAnswers(socket, 1_000)).isEqualTo("1000 of 200");
            }
            sent.forEach(CompletableFuture::join);
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
    }

    @Test
    void serves_others_while_a_keyless_client_pipelines_and_never_reads() throws Exception {
        // Given a client without a key that sends 40 000 requests (1.4 MB) and reads nothing
        directMemoryBefore = PlatformDependent.usedDirectMemory();
        try (Socket stalled = connectWithSmallReceiveBuffer()) {
            CompletableFuture<Void> sent = sendInBackground(stalled, KEYLESS.repeat(40_000));

            // When the gate has refused what it will while nothing is read
            long held = mostDirectMemoryWithin(Duration.ofSeconds(2)) - directMemoryBefore;

            // Then it holds a write buffer of 401s (0.1 MB measured), not 401s for all it read (10 MB within 2 s without turns)
            assertThat(held).isLessThan(4L * 1024 * 1024);
            assertThat(answerWithin(Duration.ofSeconds(3))).startsWith("HTTP/1.1 200 ");
            stalled.close();
            sent.exceptionally(closed -> null).join();
        }
    }

    @Test
    void a_list_pipelined_behind_a_create_sees_the_created_pet() {
        for (int attempt = 0; attempt < 10; attempt++) {
            // Given a create and a list pipelined on one connection
            String body = "{\"name\":\"Pip " + attempt + "\",\"categoryId\":1,\"status\":\"available\"}";
            String create = "POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body;
            String list = "GET /v1/pets?status=available&limit=100 HTTP/1.1\r\nHost: localhost\r\nAuthorization: "
                    + ApiClient.BEARER + "\r\nConnection: close\r\n\r\n";

            // When both are answered
            RawHttp.Conversation conversation = RawHttp.converse(server.getURI(), create + list);

            // Then the list holds the pet the create made
            assertThat(conversation.statuses()).containsExactly(201, 200);
            String id = conversation.responses().get(0).body().replaceAll("(?s).*\"id\":(\\d+).*", "$1");
            assertThat(conversation.responses().get(1).body()).contains("\"id\":" + id + ",");
        }
    }

    private long directMemoryBefore;

    @BeforeEach
    void direct_memory_is_counted() {
        assertThat(PlatformDependent.usedDirectMemory()).as("Netty counts the direct memory it takes").isNotNegative();
    }

    private Socket connectWithSmallReceiveBuffer() throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4_096);
        socket.connect(new InetSocketAddress(server.getHost(), server.getPort()));
        return socket;
    }

    /** The status line of a keyed list on a new connection, or what came before {@code timeout} ran out. */
    private String answerWithin(Duration timeout) throws IOException {
        try (Socket socket = new Socket(server.getHost(), server.getPort())) {
            socket.setSoTimeout((int) timeout.toMillis());
            socket.getOutputStream().write(("GET /v1/pets?limit=1 HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            byte[] head = new byte[16];
            int read = socket.getInputStream().readNBytes(head, 0, head.length);
            return new String(head, 0, read, StandardCharsets.US_ASCII);
        } catch (SocketTimeoutException e) {
            return "no answer within " + timeout;
        }
    }

    /** The most direct memory Netty held, sampled every 20 ms for {@code window}: time enough to answer all when nothing holds it back. */
    private static long mostDirectMemoryWithin(Duration window) throws InterruptedException {
        long most = PlatformDependent.usedDirectMemory();
        for (long end = System.nanoTime() + window.toNanos(); System.nanoTime() < end; Thread.sleep(20)) {
            most = Math.max(most, PlatformDependent.usedDirectMemory());
        }
        return most;
    }

    /** Sends on a thread of its own: with the server not reading, the write may block until the socket closes. */
    private static CompletableFuture<Void> sendInBackground(Socket socket, String requests) {
        CompletableFuture<Void> sent = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> {
            try {
                socket.getOutputStream().write(requests.getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
                sent.complete(null);
            } catch (IOException e) {
                sent.completeExceptionally(e);
            }
        });
        return sent;
    }

    /**
     * Reads until {@code expected} status lines have come (or 30 s of silence): "N of S" when all have status S,
     * else the count of each status. The text is scanned as it comes, keeping only the end of the last read.
     */
    private static String readAnswers(Socket socket, int expected) throws IOException {
        socket.setSoTimeout(30_000);
        InputStream in = socket.getInputStream();
        Map<String, Integer> byStatus = new TreeMap<>();
        byte[] buffer = new byte[65_536];
        String carried = "";
        int seen = 0;
        for (int read = in.read(buffer); read >= 0 && seen < expected; read = in.read(buffer)) {
            String text = carried + new String(buffer, 0, read, StandardCharsets.ISO_8859_1);
            Matcher matcher = STATUS_LINE.matcher(text);
            while (matcher.find()) {
                byStatus.merge(matcher.group(1), 1, Integer::sum);
                seen++;
            }
            // Shorter than a status line: a line cut by the read is found whole next time, and none is found twice.
            carried = text.substring(Math.max(0, text.length() - 12));
        }
        return byStatus.size() == 1 ? seen + " of " + byStatus.keySet().iterator().next() : byStatus.toString();
    }
}
