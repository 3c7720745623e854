package org.animalstore.bootstrap.api;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** GET /v1/pets/{petId} (deprecated): 200 Pet; 404 when absent; 400 for a malformed id; 401 without a key. */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class GetPetApiTest extends ApiTestBase {

    @Test
    void returns_the_pet() {
        long id = catalogue.add("Rex", 3, "sold");

        ApiClient.Response response = api.get("/v1/pets/" + id);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        assertThat(response.text()).isEqualTo("{\"id\":" + id + ",\"name\":\"Rex\",\"categoryId\":3,\"status\":\"sold\"}");
    }

    @Test
    void still_serves_a_pet_whose_name_was_stored_before_names_needed_a_visible_character() {
        // given a name the service refuses today, stored by an earlier version
        long id = catalogue.add("\u200b", 3, null);

        ApiClient.Response one = api.get("/v1/pets/" + id);
        ApiClient.Response list = api.get("/v1/pets");

        assertThat(one.status()).isEqualTo(200);
        assertThat(one.json().get("name").getStringValue()).isEqualTo("\u200b");
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.json().get(0).get("name").getStringValue()).isEqualTo("\u200b");
    }

    @ParameterizedTest
    @ValueSource(strings = {"424242", "0", "-1", "9223372036854775807"})
    void answers_404_for_an_id_without_pet(String petId) {
        ApiClient.Response response = api.get("/v1/pets/" + petId);

        assertError(response, 404, "not_found");
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "1.5", "1e3", "9223372036854775808", "99999999999999999999999", "%20", "0x1F", "1%3BDROP", "1%2F2", "1;x=y", "1,2", "(1)", "1&x", "1="})
    void answers_400_for_an_id_that_is_not_an_int64(String petId) {
        assertError(api.get("/v1/pets/" + petId), 400, "invalid_request");
    }

    @ParameterizedTest
    @ValueSource(strings = {"+1", "+0"})
    void answers_400_for_an_id_with_a_sign(String petId) {
        ApiClient.Response response = api.call("GET", "/v1/pets/" + petId)
                .beyondTheDocument("ids are plain digits; the validator reads path integers with Long.parseLong, which takes a '+'").send();

        assertError(response, 400, "invalid_request");
    }

    @Test
    void does_not_tell_an_anonymous_caller_whether_a_pet_exists() {
        long id = catalogue.add("Rex", 3, null);

        assertError(api.call("GET", "/v1/pets/" + id).anonymous().send(), 401, "unauthorized");
        assertError(api.call("GET", "/v1/pets/424242").anonymous().send(), 401, "unauthorized");
    }
}
