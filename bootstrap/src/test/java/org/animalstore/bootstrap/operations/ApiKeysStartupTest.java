package org.animalstore.bootstrap.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micronaut.context.ApplicationContext;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The service refuses to start without usable API keys, and never with the well-known development key outside dev. */
class ApiKeysStartupTest {

    @Test
    void refuses_to_start_without_any_api_key() {
        assertThatThrownBy(() -> start(Map.of("petstore.api-keys", List.of())))
                .hasStackTraceContaining("No API key configured: set PETSTORE_API_KEYS");
    }

    @Test
    void refuses_to_start_with_a_short_api_key() {
        assertThatThrownBy(() -> start(Map.of("petstore.api-keys", List.of("short"))))
                .hasStackTraceContaining("API keys must be at least 16 characters long");
    }

    @Test
    void refuses_the_well_known_development_key_outside_the_dev_environment() {
        assertThatThrownBy(() -> start(Map.of("petstore.api-keys", List.of("local-dev-key-do-not-deploy"))))
                .hasStackTraceContaining("may only be used in the 'dev' environment");
    }

    @Test
    void accepts_labelled_digests_beside_plain_keys() throws Exception {
        List<String> keys = List.of("ci:sha256:" + sha256Hex("a-key-for-the-ci-system"),
                "sha256:" + sha256Hex("an-unlabelled-hashed-key").toUpperCase(), "a-plain-key-0000000001");

        try (ApplicationContext context = ServiceContexts.context(Map.of("petstore.api-keys", keys), "test")) {
            assertThat(context.isRunning()).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ci:sha256:abc", "sha256:000000000000000000000000000000000000000000000000000000000000000",
            "ci:sha256:gggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggg", "bad label:sha256:0000000000000000000000000000000000000000000000000000000000000000",
            "a-plain-key-ending-in-sha256:"})
    void refuses_a_malformed_digest_entry_rather_than_take_it_for_a_plain_key(String entry) {
        assertThatThrownBy(() -> start(Map.of("petstore.api-keys", List.of(entry))))
                .hasStackTraceContaining("is not a valid hashed key");
    }

    @Test
    void refuses_a_label_used_twice() {
        assertThatThrownBy(() -> start(Map.of("petstore.api-keys",
                List.of("ci:sha256:" + "0".repeat(64), "ci:sha256:" + "1".repeat(64)))))
                .hasStackTraceContaining("label 'ci' is used twice");
    }

    @Test
    void refuses_the_same_key_given_twice() throws Exception {
        assertThatThrownBy(() -> start(Map.of("petstore.api-keys",
                List.of("a-plain-key-0000000001", "old:sha256:" + sha256Hex("a-plain-key-0000000001")))))
                .hasStackTraceContaining("is configured twice");
    }

    @Test
    void refuses_the_digest_of_the_development_key_outside_the_dev_environment() throws Exception {
        assertThatThrownBy(() -> start(Map.of("petstore.api-keys",
                List.of("dev:sha256:" + sha256Hex("local-dev-key-do-not-deploy")))))
                .hasStackTraceContaining("may only be used in the 'dev' environment");
    }

    @Test
    void accepts_the_development_key_in_the_dev_environment() {
        try (ApplicationContext context = ServiceContexts.context(Map.of("petstore.api-keys", List.of("local-dev-key-do-not-deploy")), "test", "dev")) {
            assertThat(context.isRunning()).isTrue();
        }
    }

    /** What an operator puts after {@code sha256:}: the hex SHA-256 of the key (scripts/new-api-key.sh). */
    static String sha256Hex(String key) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
    }

    private static void start(Map<String, Object> properties) {
        try (ApplicationContext ignored = ServiceContexts.context(properties, "test")) {
            throw new AssertionError("the service started");
        }
    }
}
