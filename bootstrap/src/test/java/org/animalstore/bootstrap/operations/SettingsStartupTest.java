package org.animalstore.bootstrap.operations;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micronaut.context.ApplicationContext;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A weak cursor secret or a retention that is not positive stops the service at startup, not at the first request. */
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

    private static void start(Map<String, Object> properties) {
        try (ApplicationContext ignored = ApplicationContext.builder("test").properties(properties).start()) {
            throw new AssertionError("the service started");
        }
    }
}
