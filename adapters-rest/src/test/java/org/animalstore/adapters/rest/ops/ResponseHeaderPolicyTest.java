package org.animalstore.adapters.rest.ops;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ResponseHeaderPolicyTest {

    @Test
    void formats_an_imf_fixdate_with_a_two_digit_day() {
        // the example of RFC 9110 section 5.6.7
        assertThat(ResponseHeaderPolicy.dateAt(784_111_777L)).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
    }

    @Test
    void follows_the_clock_from_one_second_to_the_next() {
        assertThat(ResponseHeaderPolicy.dateAt(784_111_777L)).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
        assertThat(ResponseHeaderPolicy.dateAt(784_111_778L)).isEqualTo("Sun, 06 Nov 1994 08:49:38 GMT");
        assertThat(ResponseHeaderPolicy.dateAt(784_111_777L)).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
    }
}
