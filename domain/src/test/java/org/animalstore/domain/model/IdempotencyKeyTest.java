package org.animalstore.domain.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class IdempotencyKeyTest {

    static Stream<String> valid_keys() {
        return Stream.of("a", "8e03978e-40d5-43e8-bc93-6894a57f9324", "!~\"\\{}", "x".repeat(255));
    }

    static Stream<String> invalid_keys() {
        return Stream.of("", "a b", "tab\there", "naïve", "\u007f", "x".repeat(256));
    }

    @ParameterizedTest
    @MethodSource("valid_keys")
    void accepts_1_to_255_visible_ascii_characters(String value) {
        assertThat(new IdempotencyKey("key-1", value).value()).isEqualTo(value);
    }

    @ParameterizedTest
    @MethodSource("invalid_keys")
    void rejects_anything_else(String value) {
        assertThatThrownBy(() -> new IdempotencyKey("key-1", value))
                .isInstanceOf(InvalidPetException.class)
                .hasMessage("Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " "})
    void belongs_to_a_client(String client) {
        assertThatThrownBy(() -> new IdempotencyKey(client, "abc")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void accepts_a_client_name_of_up_to_100_characters_counted_as_code_points() {
        String longest = "\uD83D\uDC36".repeat(IdempotencyKey.MAX_CLIENT_LENGTH);

        assertThat(new IdempotencyKey(longest, "abc").client()).isEqualTo(longest);
        assertThatThrownBy(() -> new IdempotencyKey("x".repeat(IdempotencyKey.MAX_CLIENT_LENGTH + 1), "abc"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
