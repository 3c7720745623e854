package org.animalstore.adapters.rest.ops;

import io.micronaut.core.annotation.Nullable;
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
 * What operators see of each request, and what every response says, in one filter outside all others (so
 * the security filter's 401s are seen too):
 * <ul>
 *   <li>the headers of the {@link ResponseHeaderPolicy};</li>
 *   <li>an id: the caller's {@code X-Request-Id} when safe, else a new one; echoed on every response
 *       and in the logging MDC of everything the request runs, on whichever thread;</li>
 *   <li>a line in the {@link AccessLog} (the management port's health checks and scrapes at DEBUG only);</li>
 *   <li>the request timer for every answer, and the API's own meters for API traffic ({@link ApiMetrics});
 *       absent when metrics are off.</li>
 * </ul>
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
    private final @Nullable ApiMetrics metrics;
    private final AccessLog accessLog;

    RequestObservationFilter(ManagementPort managementPort, @Nullable ApiMetrics metrics, AccessLog accessLog) {
        this.managementPort = managementPort;
        this.metrics = metrics;
        this.accessLog = accessLog;
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
        boolean management = managementPort.received(request);
        String method = RequestMethods.of(request);
        String route = Requests.route(request);
        String key = Requests.keyLabel(request);
        if (metrics != null) {
            // A 401 is "none" however it came (the fence's never reach Micronaut): one series per route for operators.
            metrics.answered(method, status, ApiMetrics.uriTag(route, status),
                    status == HttpStatus.UNAUTHORIZED.getCode() ? ApiMetrics.NO_EXCEPTION : ApiMetrics.exceptionTag(response),
                    System.nanoTime() - observed.startedNanos());
            if (!management) {
                count(request, status, key);
            }
        }
        accessLog.answered(management, method, route, status, key, observed.requestId(),
                request.getAttribute(RequestIds.TRACE_ID_ATTRIBUTE, String.class).orElse(null), observed.startedNanos());
    }

    private void count(HttpRequest<?> request, int status, String key) {
        if (status == HttpStatus.UNAUTHORIZED.getCode()) {
            metrics.authenticationFailure(request.getHeaders().contains(HttpHeaders.AUTHORIZATION));
            return;
        }
        if (key.equals(Requests.ANONYMOUS)) {
            return;
        }
        metrics.authenticatedRequest(key);
    }
}
