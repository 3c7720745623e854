package org.animalstore.adapters.rest.auth;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.filters.AuthenticationFetcher;
import io.micronaut.security.token.TokenAuthenticationFetcher;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;

/**
 * Authenticates {@code Authorization: Bearer <API key>} ({@link ApiKeyCheck}); the caller is known by
 * the key's label. Replaces the framework's token fetcher, which on every request also resolves the
 * host and locale for an event nobody here listens to.
 */
@Singleton
@Replaces(TokenAuthenticationFetcher.class)
final class ApiKeyAuthenticationFetcher implements AuthenticationFetcher<HttpRequest<?>> {

    private final ApiKeyCheck check;

    ApiKeyAuthenticationFetcher(ApiKeyCheck check) {
        this.check = check;
    }

    @Override
    public Publisher<Authentication> fetchAuthentication(HttpRequest<?> request) {
        String label = check.keyLabel(request.getHeaders().getAll(HttpHeaders.AUTHORIZATION));
        return label == null ? Publishers.empty() : Publishers.just(Authentication.build(label));
    }
}
