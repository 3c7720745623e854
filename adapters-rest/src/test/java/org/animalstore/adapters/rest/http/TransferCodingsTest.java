package org.animalstore.adapters.rest.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link FramingRules#onlyChunked}: a Transfer-Encoding this server can undo. */
class TransferCodingsTest {

    @ParameterizedTest
    @ValueSource(strings = {"chunked", "Chunked", "CHUNKED", " chunked ", "chunked,", ", chunked", "\tchunked"})
    void accepts_chunked_alone_however_spelled(String field) {
        assertThat(FramingRules.onlyChunked(List.of(field))).isTrue();
    }

    @Test
    void reads_the_field_lines_together_as_one_list() {
        assertThat(FramingRules.onlyChunked(List.of("gzip", "chunked"))).isFalse();
        assertThat(FramingRules.onlyChunked(List.of("", "chunked"))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip, chunked", "deflate,chunked", "identity, chunked", "foo, Chunked"})
    void refuses_a_coding_before_chunked_as_not_implemented(String field) {
        assertThat(FramingRules.onlyChunked(List.of(field))).isFalse();
    }
}
