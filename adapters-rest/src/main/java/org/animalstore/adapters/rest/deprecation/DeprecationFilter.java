package org.animalstore.adapters.rest.deprecation;

import io.micronaut.core.annotation.Order;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;

/**
 * Gives the deprecated operation its lifecycle, so its handler needs none: a request routed to it, once
 * authenticated, is admitted (counted, refused from the sunset on), and every response it gets carries the
 * deprecation headers, its errors (400, 404, 410, 503) and its 406 included. A request turned away before
 * it (401) gets none.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class DeprecationFilter {

    /** {@code ServerFilterPhase.SECURITY.after()}, as a constant (a dynamic order makes Micronaut sort the chain on every request). */
    static final int AFTER_AUTHENTICATION = 39_250;

    private final GetPetDeprecation deprecation;

    DeprecationFilter(GetPetDeprecation deprecation) {
        this.deprecation = deprecation;
    }

    @RequestFilter
    @Order(AFTER_AUTHENTICATION)
    void admit(HttpRequest<?> request) {
        deprecation.admit(request);
    }

    /** Outside the other filters (order 0), so it sees every response, the 410 of {@link #admit} included. */
    @ResponseFilter
    @Order(0)
    void addDeprecationHeaders(HttpRequest<?> request, MutableHttpResponse<?> response) {
        deprecation.signal(request, response);
    }
}
