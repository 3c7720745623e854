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
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * What operators see of each request, in one filter outside all others (so the security filter's
 * 401s are seen too):
 * <ul>
 *   <li>an id: the caller's {@code X-Request-Id} when safe, else a new one; echoed on every response
 *       and in the logging MDC of everything the request runs, on whichever thread;</li>
 *   <li>one line on the {@code animalstore.access} logger: method, route template, status, duration,
 *       API-key label and request id, never the key, the raw path or the query (the management
 *       port's health checks and scrapes at DEBUG only);</li>
 *   <li>the API's own meters ({@link ApiMetrics}), for API traffic only; absent when metrics are off.</li>
 * </ul>
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Order(RequestObservationFilter.ORDER)
final class RequestObservationFilter {

    /** ServerFilterPhase.FIRST. */
    static final int ORDER = -1000;
    static final String ACCESS_LOGGER = "animalstore.access";

    private static final Logger ACCESS = LoggerFactory.getLogger(ACCESS_LOGGER);
    static final String ATTRIBUTE = RequestObservationFilter.class.getName();

    record Observed(String requestId, long startedNanos) {
    }

    private final ManagementPort managementPort;
    private final @Nullable ApiMetrics metrics;

    RequestObservationFilter(ManagementPort managementPort, @Nullable ApiMetrics metrics) {
        this.managementPort = managementPort;
        this.metrics = metrics;
    }

    @RequestFilter
    void start(HttpRequest<?> request, MutablePropagatedContext propagatedContext) {
        String id = RequestIds.acceptOrGenerate(request.getHeaders().get(RequestIds.HEADER));
        request.setAttribute(ATTRIBUTE, new Observed(id, System.nanoTime()));
        propagatedContext.add(new RequestIdMdc(id));
    }

    @ResponseFilter
    void finish(HttpRequest<?> request, MutableHttpResponse<?> response) {
        Observed observed = request.getAttribute(ATTRIBUTE, Observed.class).orElse(null);
        if (observed == null) {
            return;
        }
        response.getHeaders().set(RequestIds.HEADER, observed.requestId());
        int status = response.code();
        boolean management = managementPort.received(request);
        Level level = management ? Level.DEBUG : Level.INFO;
        boolean logged = ACCESS.isEnabledForLevel(level);
        if ((metrics == null || management) && !logged) {
            return;
        }
        // Label and route once per request, for the meters and the access line alike.
        String key = Requests.keyLabel(request);
        String route = Requests.route(request);
        if (metrics != null && !management) {
            count(request, status, key, route);
        }
        if (logged) {
            log(level, RequestMethods.of(request), route, status, key, observed);
        }
    }

    private void count(HttpRequest<?> request, int status, String key, String route) {
        if (status == HttpStatus.UNAUTHORIZED.getCode()) {
            metrics.authenticationFailure(request.getHeaders().contains(HttpHeaders.AUTHORIZATION) ? "invalid" : "missing");
            return;
        }
        if (key.equals(Requests.ANONYMOUS)) {
            return;
        }
        metrics.authenticatedRequest(key);
        if (Requests.reachedDeprecatedOperation(request)) {
            metrics.deprecatedCall(route, key);
        }
    }

    private static void log(Level level, String method, String route, int status, String key, Observed observed) {
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - observed.startedNanos());
        ACCESS.atLevel(level)
                .addKeyValue("method", method)
                .addKeyValue("route", route)
                .addKeyValue("status", status)
                .addKeyValue("durationMs", millis)
                .addKeyValue("apiKey", key)
                .addKeyValue("requestId", observed.requestId())
                .log("{} {} {} {}ms key={} id={}", method, route, status, millis, key, observed.requestId());
    }
}
