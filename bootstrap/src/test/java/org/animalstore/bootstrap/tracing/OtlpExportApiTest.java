package org.animalstore.bootstrap.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Tracing on with the production exporter: spans leave the service over OTLP (HTTP/protobuf, the default
 * protocol) for the endpoint configured, here a collector stand-in that keeps what it receives.
 */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Property(name = "otel.sdk.disabled", value = "false")
@Property(name = "otel.bsp.schedule.delay", value = "50")
class OtlpExportApiTest extends ApiTestBase implements TestPropertyProvider {

    private record Export(String method, String path, String contentType, String body) {
    }

    private final BlockingQueue<Export> exports = new LinkedBlockingQueue<>();
    private final HttpServer collector = startCollector();

    @Override
    public Map<String, String> getProperties() {
        return Map.of("otel.exporter.otlp.endpoint", "http://127.0.0.1:" + collector.getAddress().getPort());
    }

    @AfterAll
    void stopCollector() {
        collector.stop(0);
    }

    @Test
    void exports_the_server_span_of_a_request_to_the_otlp_endpoint() throws InterruptedException {
        // given tracing on, exporting to the collector
        // when a request is served
        api.get("/v1/pets?limit=5");

        // then a batch with its server span, named by route, reaches the collector as OTLP over HTTP/protobuf
        Export export = awaitExportHolding("GET /v1/pets");
        assertThat(export.method()).isEqualTo("POST");
        assertThat(export.path()).isEqualTo("/v1/traces");
        assertThat(export.contentType()).isEqualTo("application/x-protobuf");
        assertThat(export.body()).contains("animal-store");
    }

    /** The first export whose (binary) body holds {@code text}; span names and resource attributes are plain strings in protobuf. */
    private Export awaitExportHolding(String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            Export export = exports.poll(100, TimeUnit.MILLISECONDS);
            if (export != null && export.body().contains(text)) {
                return export;
            }
        }
        throw new AssertionError("no OTLP export holding '" + text + "' within 10 s");
    }

    private HttpServer startCollector() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/", exchange -> {
                byte[] body = exchange.getRequestBody().readAllBytes();
                exports.add(new Export(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                        exchange.getRequestHeaders().getFirst("Content-Type"), new String(body, StandardCharsets.ISO_8859_1)));
                exchange.sendResponseHeaders(200, -1);
                exchange.close();
            });
            server.start();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
