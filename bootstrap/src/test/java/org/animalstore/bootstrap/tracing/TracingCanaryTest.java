package org.animalstore.bootstrap.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.tracing.opentelemetry.instrument.http.server.OpenTelemetryServerFilter;
import org.animalstore.adapters.rest.http.WorkaroundSwitch;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.junit.jupiter.api.Test;

/**
 * Canary: Micronaut's tracing filter, with tracing off and without the workaround (docs/framework-workarounds.md,
 * Beside the fence). Fails the day micronaut-tracing leaves its filter out when tracing is off.
 */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
@Property(name = WorkaroundSwitch.PROPERTY, value = "false")
class TracingCanaryTest extends ApiTestBase {

    @Test
    void micronaut_runs_its_tracing_filter_with_tracing_off() {
        // given tracing off, the default, and no workaround
        // when a request is served
        api.get("/v1/pets");

        // then Micronaut's tracing filter took part in it
        assertThat(context.getActiveBeanRegistrations(OpenTelemetryServerFilter.class))
                .as("Micronaut no longer runs its tracing filter when tracing is off: delete NoServerSpans")
                .isNotEmpty();
    }
}
