package org.animalstore.bootstrap.operations;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.management.endpoint.health.filter.HealthResultFilter;
import io.micronaut.runtime.server.EmbeddedServer;
import java.util.Map;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.junit.jupiter.api.Test;

/**
 * Canary and proof of the workaround HealthStatusOnEveryPath (docs/framework-workarounds.md, Beside the fence):
 * Micronaut's health status filter matches only the health paths, so the service puts one matching every path.
 */
class HealthFilterCanaryTest {

    @Test
    void micronauts_health_status_filter_matches_only_the_health_paths() {
        String[] patterns = HealthResultFilter.class.getAnnotation(ServerFilter.class).value();

        assertThat(patterns).as("Micronaut's HealthResultFilter now matches every path: delete HealthStatusOnEveryPath")
                .isNotEqualTo(new String[] {ServerFilter.MATCH_ALL_PATTERN});
    }

    @Test
    void the_service_gives_health_answers_their_status_with_a_filter_matching_every_path() {
        try (EmbeddedServer server = ServiceContexts.server(Map.of(), "test")) {
            HealthResultFilter filter = server.getApplicationContext().getBean(HealthResultFilter.class);

            assertThat(filter.getClass().getAnnotation(ServerFilter.class).value()).containsExactly(ServerFilter.MATCH_ALL_PATTERN);
        }
    }
}
