package org.animalstore.adapters.rest.ops;

import io.micronaut.core.annotation.Order;
import io.micronaut.core.propagation.MutablePropagatedContext;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;

/**
 * What operators see of each request, and what every response says, in one filter outside all others (so the security
 * filter's 401s are seen too): the headers of the {@link ResponseHeaderPolicy}; a request id ({@link RequestIds}),
 * echoed on the response and in the logging MDC of whatever thread runs the request; the access line and the meters
 * ({@link AnswerRecorder}).
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Order(RequestObservationFilter.ORDER)
final class RequestObservationFilter {

    /** ServerFilterPhase.FIRST. */
    static final int ORDER = -1000;
    static final String ATTRIBUTE = RequestObservationFilter.class.getName();

    record Observed(String requestId, long startedNanos) {
    }

    private final ManagementPort managementPort;
    private final AnswerRecorder answers;

    RequestObservationFilter(ManagementPort managementPort, AnswerRecorder answers) {
        this.managementPort = managementPort;
        this.answers = answers;
    }

    @RequestFilter
    void start(HttpRequest<?> request, MutablePropagatedContext propagatedContext) {
        String id = RequestIds.acceptOrGenerate(request.getHeaders().get(RequestIds.HEADER));
        request.setAttribute(ATTRIBUTE, new Observed(id, System.nanoTime()));
        propagatedContext.add(new MdcEntry(MdcEntry.REQUEST_ID, id));
    }

    @ResponseFilter
    void finish(HttpRequest<?> request, MutableHttpResponse<?> response) {
        ResponseHeaderPolicy.apply(response.getHeaders());
        Observed observed = request.getAttribute(ATTRIBUTE, Observed.class).orElse(null);
        if (observed == null) {
            return;
        }
        response.getHeaders().set(RequestIds.HEADER, observed.requestId());
        int status = response.code();
        boolean unauthorized = status == HttpStatus.UNAUTHORIZED.getCode();
        // A 401 is "none" however it came (the fence's never reach Micronaut): one series per route for operators.
        answers.answered(managementPort.received(request), Requests.method(request), Requests.route(request), status,
                unauthorized ? ApiMetrics.NO_EXCEPTION : ApiMetrics.exceptionTag(response), Requests.keyLabel(request),
                unauthorized && request.getHeaders().contains(HttpHeaders.AUTHORIZATION), observed.requestId(),
                request.getAttribute(RequestIds.TRACE_ID_ATTRIBUTE, String.class).orElse(null), observed.startedNanos());
    }
}
