package org.animalstore.bootstrap.protocol;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Accept is read as RFC 9110 12.5.1 says: the most specific range matching JSON decides, and a weight of 0 refuses. */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class AcceptHeaderApiTest extends ApiTestBase {

    private static final String REX = "{\"name\":\"Rex\",\"categoryId\":3,\"status\":\"available\"}";

    @ParameterizedTest
    @ValueSource(strings = {"application/*", "application/*;q=0.5", "text/html, application/*;q=0.1", "application/*;q=0, application/json"})
    void serves_json_to_a_client_that_accepts_any_application_type(String accept) {
        ApiClient.Response response = api.call("GET", "/v1/pets").header("Accept", accept).send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).contains("application/json");
    }

    @Test
    void adds_a_pet_for_a_client_that_accepts_any_application_type() {
        ApiClient.Response response = api.call("POST", "/v1/pets").header("Content-Type", "application/json")
                .header("Accept", "application/*").body(REX).send();

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.header("Content-Type")).contains("application/json");
    }

    @Test
    void reads_accept_given_on_several_lines_as_one_list() {
        ApiClient.Response response = api.call("GET", "/v1/pets").header("Accept", "text/html").header("Accept", "application/*").send();

        assertThat(response.status()).isEqualTo(200);
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/json;q=0", "*/*;q=0", "application/json;q=0, */*", "application/*;q=0.5, application/json;q=0"})
    void answers_406_when_the_client_gives_json_a_weight_of_0(String accept) {
        ApiClient.Response response = api.call("GET", "/v1/pets").header("Accept", accept)
                .beyondTheDocument("a weight of 0 in Accept: the validator reads media ranges without weights").send();

        assertError(response, 406, "not_acceptable");
    }

    @Test
    void answers_406_with_the_deprecation_headers_on_the_deprecated_operation() {
        ApiClient.Response response = api.call("GET", "/v1/pets/1").header("Accept", "application/json;q=0")
                .beyondTheDocument("a weight of 0 in Accept: the validator reads media ranges without weights").send();

        assertError(response, 406, "not_acceptable");
        assertThat(response.header("Deprecation")).isPresent();
        assertThat(response.header("Sunset")).isPresent();
    }
}
