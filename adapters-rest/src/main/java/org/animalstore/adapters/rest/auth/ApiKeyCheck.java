package org.animalstore.adapters.rest.auth;

import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.util.List;

/**
 * Which API key a request presents: the one rule shared by the security filter
 * ({@link ApiKeyAuthenticationFetcher}) and the HTTP fence, which turns keyless requests away before
 * Micronaut sees them. The scheme name is case-insensitive and may be followed by several spaces
 * (RFC 9110, section 11); two credentials in one request are ambiguous (a proxy may forward either),
 * so neither counts.
 */
@Singleton
public final class ApiKeyCheck {

    /** What a client turned away with 401 is told to send (RFC 6750). */
    public static final String CHALLENGE = "Bearer realm=\"animal-store\"";

    private static final String SCHEME = "Bearer";

    private final ApiKeys apiKeys;

    ApiKeyCheck(ApiKeys apiKeys) {
        this.apiKeys = apiKeys;
    }

    /**
     * The label of the configured key that a request's {@code Authorization} field lines present, or
     * null: none, two, not a well-formed Bearer credential, or a key not configured.
     */
    public @Nullable String keyLabel(List<String> authorization) {
        String key = authorization.size() == 1 ? bearerToken(authorization.getFirst()) : null;
        return key == null ? null : apiKeys.labelOf(key).orElse(null);
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
