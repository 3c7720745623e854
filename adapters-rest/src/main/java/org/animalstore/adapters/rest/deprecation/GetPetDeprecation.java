package org.animalstore.adapters.rest.deprecation;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.web.router.RouteAttributes;
import jakarta.inject.Singleton;
import java.security.Principal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.adapters.rest.error.ErrorCode;

/**
 * The lifecycle of the deprecated {@code GET /v1/pets/{petId}}: every response it gives carries
 * {@code Deprecation} (RFC 9745), {@code Sunset} (RFC 8594) and a {@code successor-version} link
 * (RFC 5829) to {@code /v1/pets}; each call is counted; from the sunset instant on it answers 410.
 */
@Singleton
final class GetPetDeprecation {

    /** Deprecated since the service's first release (1.0.0 shipped with the operation already deprecated). */
    static final Instant DEPRECATED_AT = Instant.parse("2026-11-22T00:00:00Z");
    /** The removal date the specification gives. */
    static final Instant SUNSET_AT = Instant.parse("2030-12-05T00:00:00Z");

    static final String DEPRECATION = "Deprecation";
    static final String SUNSET = "Sunset";
    /** RFC 9745 section 2.1: an RFC 9651 Date, "@" and the Unix time in seconds. */
    static final String DEPRECATION_VALUE = "@" + DEPRECATED_AT.getEpochSecond();
    /** An IMF-fixdate (RFC 9110 section 5.6.7), as RFC 8594 requires. */
    static final String SUNSET_VALUE = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ROOT)
            .format(SUNSET_AT.atOffset(ZoneOffset.UTC));
    static final String SUCCESSOR_LINK = "</v1/pets>; rel=\"successor-version\"";

    private static final String MARK = GetPetDeprecation.class.getName();
    private static final String PETS = "/v1/pets/";

    private final Clock clock;
    private final DeprecatedCallCounter counter;

    GetPetDeprecation(Clock clock, DeprecatedCallCounter counter) {
        this.clock = clock;
        this.counter = counter;
    }

    /**
     * For a request on the operation's path, once the caller is authenticated: when it was routed to the
     * operation (the handler marked {@code @Deprecated}), marks it so its response gets the deprecation
     * headers, whatever it turns out to be, counts the call, and refuses it with 410 from the sunset instant on.
     */
    void admit(HttpRequest<?> request) {
        boolean deprecated = RouteAttributes.getRouteInfo(request)
                .map(route -> route.getAnnotationMetadata().hasAnnotation(Deprecated.class)).orElse(false);
        Optional<String> apiKeyLabel = request.getUserPrincipal().map(Principal::getName);
        if (!deprecated || apiKeyLabel.isEmpty()) {
            return;
        }
        request.setAttribute(MARK, Boolean.TRUE);
        counter.record(apiKeyLabel.get());
        if (!clock.instant().isBefore(SUNSET_AT)) {
            throw new ApiException(ErrorCode.GONE,
                    "GET /v1/pets/{petId} was removed on 5 December 2030: list pets with GET /v1/pets instead");
        }
    }

    /**
     * For a response on the operation's path: marked requests get the headers; so does a 406, which
     * the router gives before the operation runs (only to authenticated callers: others get 401 first).
     */
    void signal(HttpRequest<?> request, MutableHttpResponse<?> response) {
        if (request.getAttribute(MARK).isPresent()
                || response.code() == HttpStatus.NOT_ACCEPTABLE.getCode() && onTheOperationsPath(request.getPath())) {
            response.getHeaders().set(DEPRECATION, DEPRECATION_VALUE)
                    .set(SUNSET, SUNSET_VALUE)
                    .set(HttpHeaders.LINK, SUCCESSOR_LINK);
        }
    }

    /** {@code /v1/pets/{petId}}: one segment below {@code /v1/pets/}. */
    private static boolean onTheOperationsPath(String path) {
        return path.length() > PETS.length() && path.startsWith(PETS) && path.indexOf('/', PETS.length()) < 0;
    }
}
