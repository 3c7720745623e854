package org.animalstore.bootstrap.tracing;

import io.micronaut.core.annotation.Order;
import io.micronaut.core.propagation.MutablePropagatedContext;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.HttpHeaders;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.semconv.HttpAttributes;
import org.animalstore.adapters.rest.ops.MdcEntry;
import org.animalstore.adapters.rest.ops.RequestIds;
import org.animalstore.adapters.rest.ops.Requests;

/**
 * Right after Micronaut's tracing filter has opened the request's server span: names the span by route
 * template ({@code GET /v1/pets/{petId}}, never the raw path) and records the route, and hands the trace
 * id to the access log (a request attribute) and to every log line of the request (MDC {@code traceId}).
 * With tracing off there is no server span ({@link NoServerSpans}): a caller's {@code traceparent}, read
 * here, gives the trace id, so logs still correlate.
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

    private final TextMapPropagator propagator;

    TraceIdFilter(OpenTelemetry openTelemetry) {
        this.propagator = openTelemetry.getPropagators().getTextMapPropagator();
    }

    @RequestFilter
    void traced(HttpRequest<?> request, MutablePropagatedContext propagatedContext) {
        Span span = Span.current();
        SpanContext context = span.getSpanContext();
        if (!context.isValid()) {
            context = callers(request);
            if (!context.isValid()) {
                return;
            }
        } else if (span.isRecording()) {
            String route = Requests.route(request);
            span.updateName(request.getMethodName() + " " + route);
            if (!route.equals(Requests.UNMATCHED)) {
                span.setAttribute(HttpAttributes.HTTP_ROUTE, route);
            }
        }
        request.setAttribute(RequestIds.TRACE_ID_ATTRIBUTE, context.getTraceId());
        propagatedContext.add(new MdcEntry(MdcEntry.TRACE_ID, context.getTraceId()));
    }

    /** The caller's trace context, when there is no server span (tracing off, or a path tracing leaves out). */
    private SpanContext callers(HttpRequest<?> request) {
        if (!request.getHeaders().contains(TRACEPARENT)) {
            return SpanContext.getInvalid();
        }
        return Span.fromContext(propagator.extract(Context.root(), request.getHeaders(), HEADERS)).getSpanContext();
    }
}
