package org.animalstore.adapters.rest.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class JsonAcceptanceTest {

    @ParameterizedTest
    @ValueSource(strings = {"application/*", "APPLICATION/*", "application/*;q=0.8", "application/json;q=0.5, text/html",
            "text/html;q=0.9, */*;q=0.1", "application/json; charset=utf-8", "application/*;q=0, application/json",
            "application/json;q=0.001", "application/json;Q=1.000", " , application/*"})
    void reads_json_as_acceptable_when_the_most_specific_matching_range_has_weight(String accept) {
        assertThat(JsonAcceptance.normalize(accept)).contains("application/json");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "text/html|text/html",
            "text/*, image/png|text/*, image/png",
            "application/problem+json|application/problem+json",
            "application/json;q=0|application/x-not-acceptable",
            "*/*;q=0|application/x-not-acceptable",
            "application/json;q=0, */*|application/x-not-acceptable",
            "application/json;q=0.0, text/html|text/html",
            "application/*;q=0.5, application/json;q=0|application/x-not-acceptable"})
    void leaves_the_router_nothing_json_when_json_is_refused_or_absent(String accept, String forRouter) {
        assertThat(JsonAcceptance.normalize(accept)).contains(forRouter);
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/json", "*/*", "", "garbage", "application/json;q=2", "*/json", "application/json;q=0.0001", "/"})
    void leaves_plain_and_unparseable_headers_to_micronaut(String accept) {
        assertThat(JsonAcceptance.normalize(accept)).isEmpty();
    }
}
