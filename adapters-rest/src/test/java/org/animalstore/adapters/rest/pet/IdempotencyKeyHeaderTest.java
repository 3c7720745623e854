package org.animalstore.adapters.rest.pet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.animalstore.adapters.rest.error.ApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class IdempotencyKeyHeaderTest {

    @Test
    void without_the_header_there_is_no_key() {
        assertThat(IdempotencyKeyHeader.read(List.of())).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
        "8e03978e-40d5-43e8-bc93-6894a57f9324 | 8e03978e-40d5-43e8-bc93-6894a57f9324",
        "\"8e03978e-40d5-43e8-bc93-6894a57f9324\" | 8e03978e-40d5-43e8-bc93-6894a57f9324",
        "\"a\\\"b\\\\c\" | a\"b\\c",
        "\"a\\\\\\\"b\" | a\\\"b",
        "\"\\\"\\\\\" | \"\\",
        "\"\" | ''",
        "'  spaced-out  ' | spaced-out"})
    void reads_a_quoted_string_or_a_bare_key_as_the_same_key(String header, String key) {
        assertThat(IdempotencyKeyHeader.read(List.of(header))).contains(key);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"unterminated", "\"a\"b\"", "\"bad \\n escape\"", "\"trailing backslash\\", "\"", "\"x\";param=1", "\"a\\\\\"b\"", "\"a\\\\\\\""})
    void rejects_a_malformed_quoted_string(String header) {
        assertThatThrownBy(() -> IdempotencyKeyHeader.read(List.of(header)))
                .isInstanceOf(ApiException.class)
                .hasMessage("Idempotency-Key is not a valid quoted string");
    }

    @Test
    void rejects_the_header_given_twice() {
        assertThatThrownBy(() -> IdempotencyKeyHeader.read(List.of("a", "b")))
                .isInstanceOf(ApiException.class)
                .hasMessage("Idempotency-Key must be given at most once");
    }
}
