package org.animalstore.adapters.rest.auth;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.token.bearer.BearerTokenReader;
import io.micronaut.security.token.reader.TokenReader;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * Reads the API key from {@code Authorization: Bearer <key>}. Unlike the framework's reader, the
 * scheme name is case-insensitive and may be followed by several spaces (RFC 9110, section 11).
 */
@Singleton
@Replaces(BearerTokenReader.class)
final class BearerApiKeyReader implements TokenReader<HttpRequest<?>> {

    private static final String SCHEME = "Bearer";

    @Override
    public Optional<String> findToken(HttpRequest<?> request) {
        String authorization = request.getHeaders().get(HttpHeaders.AUTHORIZATION);
        if (authorization == null
                || authorization.length() <= SCHEME.length()
                || !authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length())
                || authorization.charAt(SCHEME.length()) != ' ') {
            return Optional.empty();
        }
        String token = authorization.substring(SCHEME.length()).strip();
        return token.isEmpty() || token.contains(" ") ? Optional.empty() : Optional.of(token);
    }
}
