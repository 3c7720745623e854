package org.animalstore.adapters.rest.auth;

import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.token.validator.TokenValidator;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;

/** A bearer token is valid when it is one of the configured API keys; the caller is known by the key's label. */
@Singleton
final class ApiKeyTokenValidator implements TokenValidator<HttpRequest<?>> {

    private final ApiKeys apiKeys;

    ApiKeyTokenValidator(ApiKeys apiKeys) {
        this.apiKeys = apiKeys;
    }

    @Override
    public Publisher<Authentication> validateToken(String token, HttpRequest<?> request) {
        return apiKeys.labelOf(token)
                .map(label -> Publishers.just(Authentication.build(label)))
                .orElseGet(Publishers::empty);
    }
}
