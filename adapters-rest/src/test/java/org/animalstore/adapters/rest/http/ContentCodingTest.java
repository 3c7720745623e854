package org.animalstore.adapters.rest.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link FramingRules#contentCoding}: the one layer a Content-Encoding asks to undo. */
class ContentCodingTest {

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "GZIP", "x-gzip", " gzip ", "identity, gzip", "gzip, identity", "gzip,"})
    void reads_a_single_gzip_layer_however_spelled(String field) {
        assertThat(FramingRules.contentCoding(List.of(field))).isEqualTo("gzip");
    }

    @ParameterizedTest
    @ValueSource(strings = {"deflate", "Deflate", "x-deflate", "identity,deflate"})
    void reads_a_single_deflate_layer_however_spelled(String field) {
        assertThat(FramingRules.contentCoding(List.of(field))).isEqualTo("deflate");
    }

    @ParameterizedTest
    @ValueSource(strings = {"identity", "IDENTITY", "", "identity, identity"})
    void reads_identity_or_nothing_as_no_coding(String field) {
        assertThat(FramingRules.contentCoding(List.of(field))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"br", "zstd", "compress", "x-compress", "foo", "snappy", "gzip, br", "gzip, gzip", "gzip, deflate", "gzip;q=1"})
    void refuses_codings_it_cannot_decode_or_several_stacked(String field) {
        assertThat(FramingRules.contentCoding(List.of(field))).isNull();
    }

    @Test
    void reads_the_field_lines_together_as_one_list() {
        assertThat(FramingRules.contentCoding(List.of("identity", "gzip"))).isEqualTo("gzip");
        assertThat(FramingRules.contentCoding(List.of("gzip", "deflate"))).isNull();
    }
}
