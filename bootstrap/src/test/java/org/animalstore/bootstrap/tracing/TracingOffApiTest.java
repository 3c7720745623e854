package org.animalstore.bootstrap.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.spi.ILoggingEvent;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.tracing.opentelemetry.instrument.http.server.OpenTelemetryServerFilter;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import jakarta.inject.Inject;
import java.util.List;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.animalstore.bootstrap.support.LogCapture;
import org.junit.jupiter.api.Test;

/** Tracing off, the default: no span is recorded, and a caller's traceparent still correlates the logs. */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
@Property(name = InMemorySpans.PROPERTY, value = "true")
class TracingOffApiTest extends ApiTestBase {

    @Inject
    InMemorySpanExporter spans;

    @Test
    void records_no_span() throws InterruptedException {
        try (LogCapture logs = new LogCapture("animalstore.access")) {
            api.call("GET", "/v1/pets").header("X-Request-Id", "no-span-1").send();
            api.call("POST", "/v1/pets").header("X-Request-Id", "no-span-2").header("Content-Type", "application/json")
                    .body("{\"name\":\"Rex\",\"categoryId\":7}").send();

            // once both requests are over (their access lines are the last thing they write), no span ended
            assertThat(logs.awaitRequestId("no-span-1")).isNotEmpty();
            assertThat(logs.awaitRequestId("no-span-2")).isNotEmpty();
            assertThat(spans.getFinishedSpanItems()).isEmpty();
        }
    }

    @Test
    void runs_no_tracing_filter() {
        api.get("/v1/pets");

        assertThat(context.getActiveBeanRegistrations(OpenTelemetryServerFilter.class)).isEmpty();
    }

    @Test
    void logs_a_callers_trace_id_and_none_without_one() throws InterruptedException {
        try (LogCapture logs = new LogCapture("animalstore.access")) {
            api.call("GET", "/v1/pets").header("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
                    .header("X-Request-Id", "off-1").send();
            api.call("GET", "/v1/pets").header("X-Request-Id", "off-2").send();

            List<ILoggingEvent> traced = logs.awaitRequestId("off-1");
            List<ILoggingEvent> untraced = logs.awaitRequestId("off-2");
            assertThat(LogCapture.fields(traced.getFirst())).containsEntry("traceId", "0af7651916cd43dd8448eb211c80319c");
            assertThat(LogCapture.fields(untraced.getFirst())).doesNotContainKey("traceId");
        }
    }
}
