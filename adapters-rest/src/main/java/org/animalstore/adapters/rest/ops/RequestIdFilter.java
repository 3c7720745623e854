package org.animalstore.adapters.rest.ops;

import io.micronaut.context.propagation.slf4j.MdcPropagationContext;
import io.micronaut.core.annotation.Order;
import io.micronaut.core.propagation.MutablePropagatedContext;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import java.util.Map;
import java.util.Optional;

/**
 * Gives every request an id (the caller's {@code X-Request-Id} when safe, else a new one), echoes it
 * on every response, errors included, and puts it in the logging MDC of everything the request runs,
 * on whichever thread (Micronaut's context propagation carries it to virtual threads).
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Order(RequestIdFilter.ORDER)
final class RequestIdFilter {

    /** ServerFilterPhase.FIRST: outside every other filter, so even the security filter's 401 carries the id. */
    static final int ORDER = -1000;
    static final String HEADER = "X-Request-Id";
    static final String MDC_KEY = "requestId";
    private static final String ATTRIBUTE = RequestIdFilter.class.getName();

    @RequestFilter
    void assign(HttpRequest<?> request, MutablePropagatedContext propagatedContext) {
        String id = RequestIds.acceptOrGenerate(request.getHeaders().get(HEADER));
        request.setAttribute(ATTRIBUTE, id);
        propagatedContext.add(new MdcPropagationContext(Map.of(MDC_KEY, id)));
    }

    @ResponseFilter
    void echo(HttpRequest<?> request, MutableHttpResponse<?> response) {
        idOf(request).ifPresent(id -> response.getHeaders().set(HEADER, id));
    }

    static Optional<String> idOf(HttpRequest<?> request) {
        return request.getAttribute(ATTRIBUTE, String.class);
    }
}
