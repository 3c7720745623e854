package org.animalstore.adapters.rest.auth;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import java.util.List;

/**
 * The API keys that may call the service, from {@code petstore.api-keys} (environment variable
 * {@code PETSTORE_API_KEYS}, comma-separated). Several at once, so keys rotate without downtime.
 * Each entry is a key in plain text or, better, its SHA-256 digest with a label:
 * {@code <label>:sha256:<64 hex digits>} (see {@link ApiKeys}).
 */
@ConfigurationProperties("petstore")
public record ApiKeysConfiguration(@Nullable List<String> apiKeys) {

    public List<String> apiKeysOrEmpty() {
        return apiKeys == null ? List.of() : apiKeys;
    }
}
