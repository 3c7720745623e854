package org.animalstore.adapters.rest.auth;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import java.util.List;

/**
 * The API keys that may call the service, from {@code petstore.api-keys} (environment variable
 * {@code PETSTORE_API_KEYS}, comma-separated). Several at once, so keys rotate without downtime.
 */
@ConfigurationProperties("petstore")
public record ApiKeysConfiguration(@Nullable List<String> apiKeys) {

    public List<String> apiKeysOrEmpty() {
        return apiKeys == null ? List.of() : apiKeys;
    }
}
