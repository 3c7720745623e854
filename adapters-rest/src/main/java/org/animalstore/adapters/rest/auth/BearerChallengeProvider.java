package org.animalstore.adapters.rest.auth;

import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.WwwAuthenticateChallengeProvider;
import jakarta.inject.Singleton;

/** Tells a client turned away with 401 which scheme to use (RFC 6750). */
@Singleton
final class BearerChallengeProvider implements WwwAuthenticateChallengeProvider<HttpRequest<?>> {

    @Override
    public String getWwwAuthenticateChallenge(HttpRequest<?> request) {
        return ApiKeyCheck.CHALLENGE;
    }
}
