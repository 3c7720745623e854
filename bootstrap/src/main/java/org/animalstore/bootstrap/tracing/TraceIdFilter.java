package org.animalstore.bootstrap.tracing;

import io.micronaut.core.annotation.Order;
import io.micronaut.core.propagation.MutablePropagatedContext;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.semconv.HttpAttributes;
import java.util.Optional;
import org.animalstore.adapters.rest.RequestTraces;

/**
 * Right after Micronaut's tracing filter has opened the request's server span: names the span by route
 * template ({@code GET /v1/pets/{petId}}, never the raw path) and records the route, and hands the trace
 * id to the REST adapter's access line and log lines ({@link RequestTraces}). With tracing off Micronaut's
 * OpenTelemetry is left out (no server span): a caller's {@code traceparent}, read here, gives the trace id,
 * so logs still correlate.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Order(TraceIdFilter.AFTER_TRACING)
final class TraceIdFilter {

    /** Micronaut's tracing filter runs at 19 000 (ServerFilterPhase.TRACING); security at 39 000. */
    static final int AFTER_TRACING = 19_250;

    private static final String TRACEPARENT = "traceparent";
    private static final TextMapGetter<HttpHeaders> HEADERS = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(HttpHeaders headers) {
            return headers.names();
        }

        @Override
        public String get(HttpHeaders headers, String name) {
            return headers == null ? null : headers.get(name);
        }
    };

    @RequestFilter
    void traced(HttpRequest<?> request, MutablePropagatedContext propagatedContext) {
        Span span = Span.current();
        SpanContext context = span.getSpanContext();
        if (context.isValid() && span.isRecording()) {
            Optional<String> route = RequestTraces.route(request);
            span.updateName(request.getMethodName() + " " + route.orElse("UNMATCHED"));
            route.ifPresent(template -> span.setAttribute(HttpAttributes.HTTP_ROUTE, template));
        } else if (!context.isValid() && request.getHeaders().contains(TRACEPARENT)) {
            // No server span (tracing off, or a path tracing leaves out): the caller's trace context.
            context = Span.fromContext(W3CTraceContextPropagator.getInstance().extract(Context.root(), request.getHeaders(), HEADERS))
                    .getSpanContext();
        }
        if (context.isValid()) {
            RequestTraces.traced(request, propagatedContext, context.getTraceId());
        }
    }
}
