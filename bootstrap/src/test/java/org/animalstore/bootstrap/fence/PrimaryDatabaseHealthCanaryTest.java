package org.animalstore.bootstrap.fence;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.context.ApplicationContext;
import io.micronaut.core.type.Argument;
import io.micronaut.management.health.indicator.jdbc.JdbcIndicator;
import java.util.Arrays;
import java.util.Map;
import javax.sql.DataSource;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.junit.jupiter.api.Test;

/**
 * Canary of PrimaryDatabaseHealth (docs/framework-workarounds/beside-the-fence.md): Micronaut's database health check is
 * given every datasource, a read replica's too. The proof is ReadReplicaIT (readiness stays 200 with the replica stopped).
 */
class PrimaryDatabaseHealthCanaryTest {

    @Test
    void micronauts_database_health_check_takes_every_datasource() {
        try (ApplicationContext context = ServiceContexts.context(Map.of(), "test")) {
            // given Micronaut's own check (no replica configured, so the service keeps it)
            Argument<?>[] arguments = context.getBeanDefinition(JdbcIndicator.class).getConstructor().getArguments();

            // then it is built with all the DataSource beans there are, unqualified
            assertThat(Arrays.stream(arguments).filter(argument -> argument.getType() == DataSource[].class))
                    .as("Micronaut's JdbcIndicator no longer takes every datasource: check for a setting and delete PrimaryDatabaseHealth")
                    .singleElement().satisfies(argument -> assertThat(argument.getAnnotationMetadata().getDeclaredAnnotationNames())
                            .noneMatch(name -> name.contains("Named") || name.contains("Qualifier")));
        }
    }
}
