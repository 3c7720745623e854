package org.animalstore.adapters.rest.negotiation;

import static org.assertj.core.api.Assertions.assertThat;

import org.animalstore.adapters.rest.negotiation.JsonAcceptFilter.Verdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** RFC 9110 12.5.1: the most specific range matching application/json decides; a weight of 0 refuses. */
class JsonAcceptFilterTest {

    @ParameterizedTest
    @ValueSource(strings = {"application/*", "APPLICATION/*", "application/*;q=0.8", "application/json;q=0.5, text/html",
            "text/html;q=0.9, */*;q=0.1", "application/json; charset=utf-8", "application/*;q=0, application/json",
            "application/json;q=0.001", "application/json;Q=1.000", " , application/*", "*/*;q=0.5"})
    void json_is_acceptable_when_the_most_specific_matching_range_has_a_weight(String accept) {
        assertThat(JsonAcceptFilter.verdict(accept)).isEqualTo(Verdict.JSON);
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/json;q=0", "*/*;q=0", "application/json;q=0, */*", "application/json;q=0.0, text/html",
            "application/*;q=0.5, application/json;q=0", "application/*;q=0, */*", "text/html", "text/*, image/png",
            "application/problem+json"})
    void json_is_refused_by_a_weight_of_0_on_its_most_specific_range_or_by_naming_other_types_only(String accept) {
        assertThat(JsonAcceptFilter.verdict(accept)).isEqualTo(Verdict.REFUSED);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " , ", "garbage", "application/json;q=2", "*/json", "application/json;q=0.0001", "/", "application/"})
    void a_header_that_is_no_list_of_media_ranges_is_left_to_the_framework(String accept) {
        assertThat(JsonAcceptFilter.verdict(accept)).isEqualTo(Verdict.UNREADABLE);
    }
}
