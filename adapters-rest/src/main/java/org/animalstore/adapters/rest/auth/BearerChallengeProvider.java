package org.animalstore.adapters.rest.auth;

import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.WwwAuthenticateChallengeProvider;
import jakarta.inject.Singleton;

/** Tells a client turned away with 401 which scheme to use (RFC 6750); the fence's own 401 says it too. */
@Singleton
public final class BearerChallengeProvider implements WwwAuthenticateChallengeProvider<HttpRequest<?>> {

    public static final String CHALLENGE = "Bearer realm=\"animal-store\"";

    @Override
    public String getWwwAuthenticateChallenge(HttpRequest<?> request) {
        return CHALLENGE;
    }
}
