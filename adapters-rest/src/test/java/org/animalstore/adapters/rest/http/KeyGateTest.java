package org.animalstore.adapters.rest.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeyGateTest {

    @ParameterizedTest
    @ValueSource(strings = {"/v1", "/v1/", "/v1/pets", "/v1/pets/7", "/v1?limit=1", "/v1/store/orders", "/v1/unknown"})
    void guards_every_path_of_the_api(String uri) {
        assertThat(KeyGate.isApi(uri)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/v1x", "/v10/pets", "/v2/pets", "/swagger/animal-store.yml", "/swagger-ui/index.html", "/openapi.yaml",
            "/health", "http://localhost/v1/pets", "*"})
    void leaves_every_other_path_to_micronaut(String uri) {
        assertThat(KeyGate.isApi(uri)).isFalse();
    }
}
