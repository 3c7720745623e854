package org.animalstore.bootstrap.tracing;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Filter;
import io.micronaut.http.filter.HttpServerFilter;
import io.micronaut.http.filter.ServerFilterChain;
import io.micronaut.tracing.opentelemetry.instrument.http.server.OpenTelemetryServerFilter;
import org.animalstore.adapters.rest.http.WorkaroundSwitch;
import org.reactivestreams.Publisher;

/**
 * Workaround (docs/framework-workarounds.md, "Beside the fence"): with tracing off, Micronaut's tracing filter
 * still ran OpenTelemetry's instrumenter on every request, with nothing to record, in 16 % of the CPU samples
 * of a lookup answered from memory. This bean takes its place and, declared without a path, joins no filter
 * chain; {@link TraceIdFilter} reads a caller's {@code traceparent} itself. Waits for a switch that turns
 * Micronaut's OpenTelemetry integration off (micronaut-tracing#113); {@code TracingCanaryTest} tells when.
 */
@Filter
@Replaces(OpenTelemetryServerFilter.class)
@Requires(property = TracingOff.PROPERTY, notEquals = "false")
@Requires(property = WorkaroundSwitch.PROPERTY, notEquals = "false")
final class NoServerSpans implements HttpServerFilter {

    @Override
    public Publisher<MutableHttpResponse<?>> doFilter(HttpRequest<?> request, ServerFilterChain chain) {
        return chain.proceed(request); // never called: a filter without a path matches no request
    }
}
