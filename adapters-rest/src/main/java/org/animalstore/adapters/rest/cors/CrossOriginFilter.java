package org.animalstore.adapters.rest.cors;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.annotation.Order;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpHeaders;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.adapters.rest.error.ErrorResponses;
import org.animalstore.adapters.rest.ops.Requests;

/**
 * Cross-origin requests to the API (the Fetch standard's CORS protocol), decided before authentication:
 * a preflight from an {@link AllowedOrigins allowed origin} is answered 204 without a key; a request or
 * preflight from any other origin gets 403 {@code origin_not_allowed}; every answer to an allowed
 * origin, errors included, says so and exposes the headers clients read. Requests without
 * {@code Origin} (servers, command-line clients) are not concerned.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Order(CrossOriginFilter.BEFORE_AUTHENTICATION)
final class CrossOriginFilter {

    /** Micronaut's security filter runs at 39 000. */
    static final int BEFORE_AUTHENTICATION = 38_900;

    static final String ALLOWED_METHODS = "GET, HEAD, POST";
    static final String ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key, X-Request-Id";
    static final String EXPOSED_HEADERS = "Link, Location, Retry-After, RateLimit, RateLimit-Policy, X-Request-Id, Deprecation, Sunset, WWW-Authenticate";
    static final String PREFLIGHT_MAX_AGE = "600";

    private final AllowedOrigins allowed;

    CrossOriginFilter(AllowedOrigins allowed) {
        this.allowed = allowed;
    }

    @RequestFilter
    @Nullable
    MutableHttpResponse<?> admit(HttpRequest<?> request) {
        String origin = request.getHeaders().get(HttpHeaders.ORIGIN);
        if (origin == null || !Requests.forTheApi(request)) {
            return null;
        }
        if (!allowed.allows(origin)) {
            return ErrorResponses.of(ErrorCode.ORIGIN_NOT_ALLOWED, "Requests from web pages of origin " + safe(origin)
                    + " are not allowed; the operator lists the allowed origins");
        }
        if (request.getMethod() == HttpMethod.OPTIONS && request.getHeaders().contains(HttpHeaders.ACCESS_CONTROL_REQUEST_METHOD)) {
            // A response a request filter returns skips the response filters of the same class: said here.
            return tell(origin, HttpResponse.noContent()
                    .header(HttpHeaders.ACCESS_CONTROL_ALLOW_METHODS, ALLOWED_METHODS)
                    .header(HttpHeaders.ACCESS_CONTROL_ALLOW_HEADERS, ALLOWED_HEADERS)
                    .header(HttpHeaders.ACCESS_CONTROL_MAX_AGE, PREFLIGHT_MAX_AGE));
        }
        return null;
    }

    @ResponseFilter
    void tell(HttpRequest<?> request, MutableHttpResponse<?> response) {
        if (!Requests.forTheApi(request)) {
            return;
        }
        String origin = request.getHeaders().get(HttpHeaders.ORIGIN);
        if (origin != null && allowed.allows(origin)) {
            tell(origin, response);
        } else {
            response.getHeaders().add(HttpHeaders.VARY, HttpHeaders.ORIGIN);
        }
    }

    private static MutableHttpResponse<?> tell(String origin, MutableHttpResponse<?> response) {
        MutableHttpHeaders headers = response.getHeaders();
        headers.add(HttpHeaders.VARY, HttpHeaders.ORIGIN);
        headers.set(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        headers.set(HttpHeaders.ACCESS_CONTROL_EXPOSE_HEADERS, EXPOSED_HEADERS);
        return response;
    }

    /** The origin as the message may repeat it: a caller's header is not echoed unchecked. */
    private static String safe(String origin) {
        return origin.length() <= 100 && origin.chars().allMatch(c -> c > 0x20 && c < 0x7f) ? origin : "(unreadable)";
    }
}
