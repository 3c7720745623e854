package org.animalstore.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micronaut.context.ApplicationContext;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
    void accepts_the_development_key_in_the_dev_environment() {
        try (ApplicationContext context = ApplicationContext.builder("test", "dev")
                .properties(Map.of("petstore.api-keys", List.of("local-dev-key-do-not-deploy")))
                .start()) {
            assertThat(context.isRunning()).isTrue();
        }
    }

    private static void start(Map<String, Object> properties) {
        try (ApplicationContext ignored = ApplicationContext.builder("test").properties(properties).start()) {
            throw new AssertionError("the service started");
        }
    }
}
