package org.animalstore.bootstrap.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.spi.ILoggingEvent;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.animalstore.bootstrap.support.LogCapture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Tracing on: a server span per request named by route, a child span per SQL statement, W3C traceparent, trace ids in logs. */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
@Property(name = "otel.sdk.disabled", value = "false")
@Property(name = "otel.traces.exporter", value = "none")
@Property(name = InMemorySpans.PROPERTY, value = "true")
class TracingApiTest extends ApiTestBase {

    private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    @Inject
    InMemorySpanExporter spans;

    @BeforeEach
    void forgetSpans() {
        spans.reset();
    }

    @Test
    void opens_a_server_span_named_by_route_with_its_status() {
        long id = catalogue.add("Rex", 1, null);
        spans.reset();

        api.get("/v1/pets/" + id);

        SpanData server = awaitSpan(span -> span.getKind() == SpanKind.SERVER);
        assertThat(server.getName()).isEqualTo("GET /v1/pets/{petId}");
        assertThat(server.getAttributes().get(AttributeKey.stringKey("http.route"))).isEqualTo("/v1/pets/{petId}");
        assertThat(server.getAttributes().get(AttributeKey.longKey("http.response.status_code"))).isEqualTo(200L);
    }

    @Test
    void records_each_sql_statement_as_a_child_span_without_its_values() {
        api.postJson("/v1/pets", "{\"name\":\"Secret name\",\"categoryId\":7}");

        SpanData server = awaitSpan(span -> span.getKind() == SpanKind.SERVER);
        List<SpanData> statements = spans.getFinishedSpanItems().stream().filter(span -> span.getKind() == SpanKind.CLIENT).toList();
        assertThat(statements).isNotEmpty().allSatisfy(statement -> {
            assertThat(statement.getTraceId()).isEqualTo(server.getTraceId());
            assertThat(statement.getParentSpanId()).isEqualTo(server.getSpanId());
            assertThat(statement.getAttributes().toString()).doesNotContain("Secret name");
        });
        assertThat(statements).anySatisfy(statement ->
                assertThat(statement.getAttributes().get(AttributeKey.stringKey("db.statement"))).startsWith("INSERT INTO pet"));
    }

    @Test
    void continues_the_trace_a_caller_sends_in_traceparent() {
        api.call("GET", "/v1/pets").header("traceparent", TRACEPARENT).send();

        SpanData server = awaitSpan(span -> span.getKind() == SpanKind.SERVER);
        assertThat(server.getTraceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
        assertThat(server.getParentSpanId()).isEqualTo("00f067aa0ba902b7");
    }

    @Test
    void puts_the_trace_id_in_the_access_line_and_in_every_log_line_of_the_request() throws InterruptedException {
        try (LogCapture logs = new LogCapture("animalstore.access")) {
            api.call("GET", "/v1/pets").header("traceparent", TRACEPARENT).header("X-Request-Id", "traced-1").send();

            List<ILoggingEvent> lines = logs.awaitRequestId("traced-1");
            assertThat(lines).hasSize(1);
            assertThat(LogCapture.fields(lines.getFirst())).containsEntry("traceId", "4bf92f3577b34da6a3ce929d0e0e4736");
            assertThat(lines.getFirst().getFormattedMessage()).endsWith("trace=4bf92f3577b34da6a3ce929d0e0e4736");
        }
    }

    /** Spans end on the server's threads just after the answer is written. */
    private SpanData awaitSpan(Predicate<SpanData> wanted) {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (System.nanoTime() < deadline) {
            for (SpanData span : spans.getFinishedSpanItems()) {
                if (wanted.test(span)) {
                    return span;
                }
            }
            Thread.onSpinWait();
        }
        throw new AssertionError("no such span among " + spans.getFinishedSpanItems());
    }
}
