package org.animalstore.adapters.rest.cors;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Value;
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
import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.adapters.rest.error.ErrorResponses;
import org.animalstore.adapters.rest.ops.Requests;

/**
 * Cross-origin requests to the API (CORS), decided before authentication: a preflight from an allowed origin gets 204
 * without a key; a request or preflight from another origin gets 403 {@code origin_not_allowed}; every answer to an
 * allowed origin, errors included, says so. Requests without {@code Origin} are not concerned. Allowed: the service's
 * own origin ({@code petstore.base-url}) and those of {@value #PROPERTY} ({@code *}: any), checked at startup and kept
 * as browsers serialize an origin (RFC 6454): scheme and host in lower case, no default port, no trailing slash.
 */
@Context
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Order(CrossOriginFilter.BEFORE_AUTHENTICATION)
final class CrossOriginFilter {

    /** Micronaut's security filter runs at 39 000. */
    static final int BEFORE_AUTHENTICATION = 38_900;
    static final String PROPERTY = "petstore.cors.allowed-origins";

    static final String ALLOWED_METHODS = "GET, HEAD, POST";
    static final String ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key, X-Request-Id";
    static final String EXPOSED_HEADERS = "Link, Location, Retry-After, RateLimit, RateLimit-Policy, X-Request-Id, Deprecation, Sunset, WWW-Authenticate";
    static final String PREFLIGHT_MAX_AGE = "600";

    private final Set<String> origins = new HashSet<>();
    private final boolean any;

    CrossOriginFilter(@Value("${" + PROPERTY + ":}") @Nullable List<String> listed, @Value("${petstore.base-url:}") String baseUrl) {
        List<String> entries = listed == null ? List.of() : listed.stream().map(String::strip).filter(entry -> !entry.isEmpty()).toList();
        this.any = entries.contains("*");
        entries.stream().filter(entry -> !entry.equals("*"))
                .forEach(entry -> origins.add(serialized(entry, "/").orElseThrow(() -> invalid(entry))));
        if (!baseUrl.isBlank()) {
            URI base = URI.create(baseUrl);
            origins.add(serialized(base.getScheme() + "://" + base.getRawAuthority(), "").orElseThrow(() -> invalid(baseUrl)));
        }
    }

    @RequestFilter
    @Nullable
    MutableHttpResponse<?> admit(HttpRequest<?> request) {
        String origin = request.getHeaders().get(HttpHeaders.ORIGIN);
        if (origin == null || !Requests.forTheApi(request)) {
            return null;
        }
        if (!allows(origin)) {
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
        if (origin != null && allows(origin)) {
            tell(origin, response);
        } else {
            response.getHeaders().add(HttpHeaders.VARY, HttpHeaders.ORIGIN);
        }
    }

    /** Whether a request's {@code Origin} is allowed; one a browser would not send ({@code null}, a path) only with {@code *}. */
    boolean allows(String origin) {
        return any || serialized(origin, "").map(origins::contains).orElse(false);
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

    /**
     * An origin as browsers send it: {@code HTTPS://App.Example.org:443} is {@code https://app.example.org}. Empty when
     * the text is not an http(s) origin: no host, user info, query or fragment, and no path but {@code allowedPath}.
     */
    private static Optional<String> serialized(String text, String allowedPath) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        int defaultPort = switch (scheme) {
            case "http" -> 80;
            case "https" -> 443;
            default -> 0;
        };
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        if (defaultPort == 0 || uri.getHost() == null || uri.getRawUserInfo() != null || !(path.isEmpty() || path.equals(allowedPath))
                || uri.getRawQuery() != null || uri.getRawFragment() != null) {
            return Optional.empty();
        }
        int port = uri.getPort();
        return Optional.of(scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (port == -1 || port == defaultPort ? "" : ":" + port));
    }

    private static IllegalStateException invalid(String entry) {
        return new IllegalStateException("PETSTORE_CORS_ALLOWED_ORIGINS entries must be origins such as https://app.example.org"
                + " (scheme, host, optional port; no path), or *: not '" + entry + "'");
    }
}
