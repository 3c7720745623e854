package org.animalstore.bootstrap.tracing;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.order.Ordered;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.instrumentation.jdbc.datasource.JdbcTelemetry;
import jakarta.inject.Provider;
import jakarta.inject.Singleton;
import javax.sql.DataSource;

/**
 * A child span for every SQL statement when tracing is on, sanitized (literals become {@code ?}) so no client value reaches
 * a span. The first listener, so the wrapping sits under Micronaut Data's own (the other order recursed).
 */
@Singleton
@Requires(property = "otel.sdk.disabled", value = "false")
final class TracedDataSource implements BeanCreatedEventListener<DataSource>, Ordered {

    private final Provider<OpenTelemetry> openTelemetry;

    TracedDataSource(Provider<OpenTelemetry> openTelemetry) {
        this.openTelemetry = openTelemetry;
    }

    @Override
    public DataSource onCreated(BeanCreatedEvent<DataSource> event) {
        return JdbcTelemetry.builder(openTelemetry.get()).setStatementSanitizationEnabled(true).build().wrap(event.getBean());
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
