package org.animalstore.bootstrap.tracing;

import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import io.micronaut.tracing.opentelemetry.DefaultOpenTelemetryFactory;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import jakarta.inject.Singleton;

/**
 * Tracing off ({@code otel.sdk.disabled}, true by default): an OpenTelemetry that records nothing and
 * only reads a caller's W3C {@code traceparent}, so a caller's trace id still reaches the logs. The
 * SDK's own "disabled" mode still made a recording span with a fresh id for every request.
 */
@Factory
@Requires(property = TracingOff.PROPERTY, notEquals = "false")
final class TracingOff {

    static final String PROPERTY = "otel.sdk.disabled";

    @Singleton
    @Replaces(bean = OpenTelemetry.class, factory = DefaultOpenTelemetryFactory.class)
    OpenTelemetry propagatingOnly() {
        return OpenTelemetry.propagating(ContextPropagators.create(W3CTraceContextPropagator.getInstance()));
    }
}
