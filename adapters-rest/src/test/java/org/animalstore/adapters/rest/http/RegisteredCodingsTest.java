package org.animalstore.adapters.rest.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RegisteredCodingsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "gzip, deflate, br, zstd    | gzip, deflate",
            "br;q=1.0, gzip;q=0.8       | gzip;q=0.8",
            "x-gzip                     | gzip",
            "GZIP , Deflate;q=0.5       | gzip, deflate;q=0.5",
            "deflate, gzip              | deflate, gzip"})
    void keeps_gzip_and_deflate_with_their_weights_and_drops_every_other_coding(String field, String kept) {
        assertThat(HeaderRewrites.registered(List.of(field))).isEqualTo(kept);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "*                  | gzip, deflate",
            "*;q=0.5            | gzip;q=0.5, deflate;q=0.5",
            "gzip;q=0, *        | gzip;q=0, deflate",
            "deflate;q=0.2, *   | deflate;q=0.2, gzip"})
    void reads_a_wildcard_as_each_registered_coding_the_client_did_not_name(String field, String kept) {
        assertThat(HeaderRewrites.registered(List.of(field))).isEqualTo(kept);
    }

    @Test
    void leaves_nothing_of_codings_no_client_decodes() {
        assertThat(HeaderRewrites.registered(List.of("snappy", "x-snappy-framed, br, zstd, identity"))).isEmpty();
    }

    @Test
    void reads_several_field_lines_as_one_list_and_the_first_weight_of_a_coding_counts() {
        assertThat(HeaderRewrites.registered(List.of("gzip;q=0.1", "deflate, gzip"))).isEqualTo("gzip;q=0.1, deflate");
    }
}
