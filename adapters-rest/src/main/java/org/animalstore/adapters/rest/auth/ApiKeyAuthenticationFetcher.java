package org.animalstore.adapters.rest.auth;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.filters.AuthenticationFetcher;
import io.micronaut.security.token.TokenAuthenticationFetcher;
import jakarta.inject.Singleton;
import java.util.List;
import org.reactivestreams.Publisher;

/**
 * Authenticates {@code Authorization: Bearer <API key>}; the caller is known by the key's label.
 * Replaces the framework's token fetcher, which on every request also resolves the host and locale
 * for an event nobody here listens to. The scheme name is case-insensitive and may be followed by
 * several spaces (RFC 9110, section 11).
 */
@Singleton
@Replaces(TokenAuthenticationFetcher.class)
final class ApiKeyAuthenticationFetcher implements AuthenticationFetcher<HttpRequest<?>> {

    private static final String SCHEME = "Bearer";

    private final ApiKeys apiKeys;

    ApiKeyAuthenticationFetcher(ApiKeys apiKeys) {
        this.apiKeys = apiKeys;
    }

    @Override
    public Publisher<Authentication> fetchAuthentication(HttpRequest<?> request) {
        String key = bearerToken(soleAuthorization(request.getHeaders()));
        String label = key == null ? null : apiKeys.labelOf(key).orElse(null);
        return label == null ? Publishers.empty() : Publishers.just(Authentication.build(label));
    }

    /** Two credentials in one request are ambiguous (a proxy may forward either): neither counts. */
    private static String soleAuthorization(HttpHeaders headers) {
        List<String> values = headers.getAll(HttpHeaders.AUTHORIZATION);
        return values.size() == 1 ? values.get(0) : null;
    }

    /** The token of a well-formed Bearer credential, else null. */
    static String bearerToken(String authorization) {
        if (authorization == null
                || authorization.length() <= SCHEME.length()
                || !authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length())
                || authorization.charAt(SCHEME.length()) != ' ') {
            return null;
        }
        String token = authorization.substring(SCHEME.length()).strip();
        return token.isEmpty() || token.contains(" ") ? null : token;
    }
}
