package org.animalstore.adapters.rest;

import io.micronaut.core.propagation.MutablePropagatedContext;
import io.micronaut.http.HttpRequest;
import java.util.Optional;
import org.animalstore.adapters.rest.ops.MdcEntry;
import org.animalstore.adapters.rest.ops.RequestIds;
import org.animalstore.adapters.rest.ops.Requests;

/** What the adapter offers bootstrap's tracing, so it needs none of the internals: a span's name and the trace id's place. */
public final class RequestTraces {

    private RequestTraces() {
    }

    /** The route template ({@code /v1/pets/{petId}}, never the raw path), when a route matched. */
    public static Optional<String> route(HttpRequest<?> request) {
        return Optional.of(Requests.route(request)).filter(route -> !route.equals(Requests.UNMATCHED));
    }

    /** The request's trace id: its access line (field {@code traceId}) and every log line of the request (MDC) carry it. */
    public static void traced(HttpRequest<?> request, MutablePropagatedContext propagatedContext, String traceId) {
        request.setAttribute(RequestIds.TRACE_ID_ATTRIBUTE, traceId);
        propagatedContext.add(new MdcEntry(MdcEntry.TRACE_ID, traceId));
    }
}
