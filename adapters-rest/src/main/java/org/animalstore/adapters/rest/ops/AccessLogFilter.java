package org.animalstore.adapters.rest.ops;

import io.micronaut.core.annotation.Order;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * One line per request on the {@code animalstore.access} logger: method, route template, status,
 * duration, API-key label and request id (the id also sits in the MDC). Never the key, the raw path
 * or the query. Health checks and scrapes on the management port are logged at DEBUG only.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Order(RequestIdFilter.ORDER + 1)
final class AccessLogFilter {

    static final String LOGGER = "animalstore.access";
    private static final Logger ACCESS = LoggerFactory.getLogger(LOGGER);
    private static final String STARTED = AccessLogFilter.class.getName() + ".started";

    private final ManagementPort managementPort;

    AccessLogFilter(ManagementPort managementPort) {
        this.managementPort = managementPort;
    }

    @RequestFilter
    void start(HttpRequest<?> request) {
        request.setAttribute(STARTED, System.nanoTime());
    }

    @ResponseFilter
    void log(HttpRequest<?> request, HttpResponse<?> response) {
        Level level = managementPort.received(request) ? Level.DEBUG : Level.INFO;
        if (!ACCESS.isEnabledForLevel(level)) {
            return;
        }
        long started = request.getAttribute(STARTED, Long.class).orElseGet(System::nanoTime);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        String method = request.getMethodName();
        String route = Requests.route(request);
        String key = Requests.keyLabel(request);
        String requestId = RequestIdFilter.idOf(request).orElse("-");
        ACCESS.atLevel(level)
                .addKeyValue("method", method)
                .addKeyValue("route", route)
                .addKeyValue("status", response.code())
                .addKeyValue("durationMs", millis)
                .addKeyValue("apiKey", key)
                .addKeyValue("requestId", requestId)
                .log("{} {} {} {}ms key={} id={}", method, route, response.code(), millis, key, requestId);
    }
}
