package org.animalstore.adapters.rest.deprecation;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;

/**
 * Adds the deprecation headers to every response of a request the deprecated operation admitted,
 * including its errors (400, 404, 410, 503), and to its 406. A request turned away before it (401) gets none.
 */
@ServerFilter("/v1/pets/*")
final class DeprecationHeadersFilter {

    private final GetPetDeprecation deprecation;

    DeprecationHeadersFilter(GetPetDeprecation deprecation) {
        this.deprecation = deprecation;
    }

    @ResponseFilter
    void addDeprecationHeaders(HttpRequest<?> request, MutableHttpResponse<?> response) {
        deprecation.signal(request, response);
    }
}
