package org.animalstore.adapters.rest.ops;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequestsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/v1/pets/{petId:[^/]+}|/v1/pets/{petId}",
            "/v1/pets/{petId}|/v1/pets/{petId}",
            "/v1/pets|/v1/pets",
            "/a/{x:[0-9]{1,3}}/b/{y:.+}|/a/{x}/b/{y}"})
    void names_a_route_by_its_template_without_variable_patterns(String template, String named) {
        assertThat(Requests.withoutPatterns(template)).isEqualTo(named);
    }
}
