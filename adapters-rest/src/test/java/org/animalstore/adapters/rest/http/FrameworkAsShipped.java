package org.animalstore.adapters.rest.http;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.runtime.server.EmbeddedServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Micronaut as it ships, on Netty as the build resolves it: this module's beans with the HTTP fence
 * off ({@value WorkaroundSwitch#PROPERTY}{@code =false}), security off, and a controller that echoes what it
 * gets. The canary tests ask it what the framework does on its own.
 */
final class FrameworkAsShipped implements AutoCloseable {

    private static final String CANARY = "animalstore.canary";

    private final EmbeddedServer server;

    FrameworkAsShipped(Map<String, Object> settings) {
        Map<String, Object> properties = new HashMap<>(Map.of(
                WorkaroundSwitch.PROPERTY, false,
                CANARY, true,
                "micronaut.security.enabled", false,
                "micronaut.server.port", -1,
                "petstore.api-keys", "canary-key-00000000000000001",
                "petstore.catalogue.max-queue-wait", "2s"));
        properties.putAll(settings);
        this.server = ApplicationContext.run(EmbeddedServer.class, properties);
        exchange("GET /v1/canary HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"); // the first request is slow
    }

    FrameworkAsShipped() {
        this(Map.of());
    }

    Socket connect() throws IOException {
        return new Socket(server.getHost(), server.getPort());
    }

    /**
     * What the server wrote back, up to its close or a second of silence after its first bytes (it has
     * 5 s for those); "(open)" at the end when it kept the connection open.
     */
    String exchange(String bytes) {
        try (Socket socket = connect()) {
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write(bytes.getBytes(StandardCharsets.ISO_8859_1));
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8192];
            try {
                for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                    received.write(buffer, 0, read);
                    socket.setSoTimeout(1_000);
                }
            } catch (SocketTimeoutException e) {
                return received.toString(StandardCharsets.ISO_8859_1) + "(open)";
            } catch (SocketException e) {
                // reset after the answer: closed all the same
            }
            return received.toString(StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.close();
    }

    /** Echoes what reaches it: the method, and the body as Micronaut decoded it. */
    @Controller("/v1/canary")
    @Requires(property = CANARY)
    static final class EchoController {

        @Get(produces = MediaType.APPLICATION_JSON)
        String get(HttpRequest<?> request) {
            return "{\"method\":\"" + request.getMethodName() + "\"}";
        }

        /** Takes its body as PetController does. */
        @Post(consumes = MediaType.ALL, produces = MediaType.APPLICATION_JSON)
        String post(HttpRequest<?> request, @Body @Nullable byte[] body) {
            String text = body == null ? "" : new String(body, StandardCharsets.UTF_8).replace("\"", "'");
            return "{\"method\":\"" + request.getMethodName() + "\",\"body\":\"" + text + "\"}";
        }
    }
}
