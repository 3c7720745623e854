package org.animalstore.bootstrap.operations;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micronaut.context.ApplicationContext;
import java.util.Map;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A weak cursor secret, a retention that is not positive, an unusable rate limit, access-log listing or cache setting stops the service at startup, not at the first request. */
class SettingsStartupTest {

    @Test
    void refuses_to_start_with_a_cursor_secret_shorter_than_32_characters() {
        assertThatThrownBy(() -> start(Map.of("petstore.cursor.secret", "too-short-a-secret")))
                .hasStackTraceContaining("PETSTORE_CURSOR_SECRET must be at least 32 characters long");
    }

    @Test
    void refuses_to_start_with_an_idempotency_retention_that_is_not_positive() {
        assertThatThrownBy(() -> start(Map.of("petstore.idempotency.ttl", "0s")))
                .hasStackTraceContaining("the idempotency key retention must be positive");
    }

    @ParameterizedTest
    @ValueSource(strings = {"600", "600/60", "600/60m", "0/60s", "600/0s", "600/86401s", "-1/60s", "on"})
    void refuses_to_start_with_a_rate_limit_that_is_not_a_quota_or_off(String rateLimit) {
        assertThatThrownBy(() -> start(Map.of("petstore.rate-limit", rateLimit)))
                .hasStackTraceContaining("PETSTORE_RATE_LIMIT");
    }

    @Test
    void refuses_to_start_with_a_rate_limit_for_a_key_label_nobody_has() {
        assertThatThrownBy(() -> start(Map.of("petstore.api-key-rate-limits", "key-1:10/1s,parnter:100/60s")))
                .hasStackTraceContaining("A rate limit is set for API key 'parnter', but no API key has that label");
    }

    @Test
    void refuses_to_start_with_a_key_rate_limit_entry_without_a_label_or_given_twice() {
        assertThatThrownBy(() -> start(Map.of("petstore.api-key-rate-limits", "100/60s")))
                .hasStackTraceContaining("PETSTORE_API_KEY_RATE_LIMITS entries are '<label>:<requests>/<seconds>s'");
        assertThatThrownBy(() -> start(Map.of("petstore.api-key-rate-limits", "key-1:off,key-1:10/1s")))
                .hasStackTraceContaining("PETSTORE_API_KEY_RATE_LIMITS names 'key-1' twice");
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "error", "true", ""})
    void refuses_to_start_with_an_access_log_listing_other_than_all_errors_or_off(String listing) {
        assertThatThrownBy(() -> start(Map.of("petstore.access-log", listing)))
                .hasStackTraceContaining("PETSTORE_ACCESS_LOG) must be all, errors or off");
    }

    @ParameterizedTest
    @ValueSource(strings = {"app.example.org", "https://app.example.org/ui", "ftp://app.example.org", "https://"})
    void refuses_to_start_with_an_allowed_origin_that_is_not_an_origin(String origin) {
        assertThatThrownBy(() -> start(Map.of("petstore.cors.allowed-origins", origin)))
                .hasStackTraceContaining("PETSTORE_CORS_ALLOWED_ORIGINS entries must be origins");
    }

    @ParameterizedTest
    @ValueSource(strings = {"petstore.cache.pets=-1", "petstore.cache.pages=-1", "petstore.cache.pet-ttl=-1s", "petstore.cache.page-ttl=-1s"})
    void refuses_to_start_with_a_cache_size_or_age_that_is_negative(String setting) {
        String[] nameAndValue = setting.split("=");
        assertThatThrownBy(() -> start(Map.of(nameAndValue[0], nameAndValue[1]))).hasStackTraceContaining("must not be negative");
    }

    private static void start(Map<String, Object> properties) {
        try (ApplicationContext ignored = ServiceContexts.context(properties, "test")) {
            throw new AssertionError("the service started");
        }
    }
}
