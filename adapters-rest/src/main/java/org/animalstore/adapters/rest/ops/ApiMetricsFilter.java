package org.animalstore.adapters.rest.ops;

import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Order;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;

/** Feeds {@link ApiMetrics} from every API response (the management port's are not API traffic); absent when metrics are off. */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Order(ApiMetricsFilter.ORDER)
@Requires(bean = ApiMetrics.class)
final class ApiMetricsFilter {

    /** ServerFilterPhase.METRICS: outside the security filter, so 401s are seen. */
    static final int ORDER = 9000;

    private final ApiMetrics metrics;
    private final ManagementPort managementPort;

    ApiMetricsFilter(ApiMetrics metrics, ManagementPort managementPort) {
        this.metrics = metrics;
        this.managementPort = managementPort;
    }

    @ResponseFilter
    void record(HttpRequest<?> request, HttpResponse<?> response) {
        if (managementPort.received(request)) {
            return;
        }
        if (response.code() == HttpStatus.UNAUTHORIZED.getCode()) {
            metrics.authenticationFailure(request.getHeaders().contains(HttpHeaders.AUTHORIZATION) ? "invalid" : "missing");
            return;
        }
        String key = Requests.keyLabel(request);
        if (key.equals(Requests.ANONYMOUS)) {
            return;
        }
        metrics.authenticatedRequest(key);
        if (Requests.reachedDeprecatedOperation(request)) {
            metrics.deprecatedCall(Requests.route(request), key);
        }
    }
}
