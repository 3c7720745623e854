package org.animalstore.bootstrap.fence;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.jdbc.DataSourceResolver;
import io.micronaut.management.endpoint.health.HealthEndpoint;
import io.micronaut.management.health.aggregator.HealthAggregator;
import io.micronaut.management.health.indicator.jdbc.JdbcIndicator;
import io.micronaut.scheduling.TaskExecutors;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.concurrent.ExecutorService;
import javax.sql.DataSource;

/**
 * With a read replica, health and readiness check the primary only: Micronaut's check covers every datasource (no
 * setting leaves one out), so a stopped replica would take every instance out of its load balancer although reads then
 * go to the primary (docs/scaling.md). Upstream: none filed. {@code PrimaryDatabaseHealthCanaryTest} tells when it can go.
 */
@Singleton
@Replaces(JdbcIndicator.class)
@Requires(beans = HealthEndpoint.class)
@Requires(property = "endpoints.health.jdbc.enabled", notEquals = "false")
@Requires(property = "datasources.replica.url")
final class PrimaryDatabaseHealth extends JdbcIndicator {

    PrimaryDatabaseHealth(@Named(TaskExecutors.BLOCKING) ExecutorService executor, @Named("default") DataSource primary,
                          DataSourceResolver resolver, @Nullable HealthAggregator<?> aggregator) {
        super(executor, new DataSource[] {primary}, resolver, aggregator);
    }
}
