package org.animalstore.bootstrap.api;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.animalstore.bootstrap.support.ApiAssertions.idsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.tree.JsonNode;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** GET /v1/pets: 200 with a JSON array of Pet; 400 for a bad limit or status; 401 without a key. */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class ListPetsApiTest extends ApiTestBase {

    @Test
    void returns_an_empty_array_for_an_empty_catalogue() {
        ApiClient.Response response = api.get("/v1/pets");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        assertThat(response.text()).isEqualTo("[]");
    }

    @Test
    void returns_20_pets_by_default_in_id_order() {
        // given
        List<Long> ids = addPets(25, "available");

        // when
        ApiClient.Response response = api.get("/v1/pets");

        // then
        assertThat(response.status()).isEqualTo(200);
        assertThat(idsOf(response)).containsExactlyElementsOf(ids.subList(0, 20));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 100})
    void returns_at_most_limit_pets(int limit) {
        List<Long> ids = addPets(105, null);

        ApiClient.Response response = api.get("/v1/pets?limit=" + limit);

        assertThat(idsOf(response)).containsExactlyElementsOf(ids.subList(0, limit));
    }

    @Test
    void returns_every_field_of_a_pet() {
        long id = catalogue.add("Rex", 3, "pending");

        JsonNode pet = api.get("/v1/pets").json().get(0);

        assertThat(pet.get("id").getLongValue()).isEqualTo(id);
        assertThat(pet.get("name").getStringValue()).isEqualTo("Rex");
        assertThat(pet.get("categoryId").getLongValue()).isEqualTo(3);
        assertThat(pet.get("status").getStringValue()).isEqualTo("pending");
        assertThat(pet.size()).isEqualTo(4);
    }

    @Test
    void omits_the_status_of_a_pet_added_without_one() {
        catalogue.add("Nemo", 2, null);

        JsonNode pet = api.get("/v1/pets").json().get(0);

        assertThat(pet.get("status")).isNull();
        assertThat(api.get("/v1/pets").text()).doesNotContain("status");
    }

    @ParameterizedTest
    @ValueSource(strings = {"available", "pending", "sold"})
    void filters_by_status(String status) {
        // given one pet of each status and one without
        long available = catalogue.add("A", 1, "available");
        long pending = catalogue.add("P", 1, "pending");
        long sold = catalogue.add("S", 1, "sold");
        catalogue.add("N", 1, null);
        long expected = switch (status) {
            case "available" -> available;
            case "pending" -> pending;
            default -> sold;
        };

        // when
        ApiClient.Response response = api.get("/v1/pets?status=" + status);

        // then
        assertThat(idsOf(response)).containsExactly(expected);
    }

    @Test
    void applies_limit_after_the_status_filter() {
        List<Long> sold = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            catalogue.add("Available " + i, 1, "available");
            sold.add(catalogue.add("Sold " + i, 1, "sold"));
        }

        ApiClient.Response response = api.get("/v1/pets?status=sold&limit=4");

        assertThat(idsOf(response)).containsExactlyElementsOf(sold.subList(0, 4));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "101", "-1", "abc", "1.5", "", "1e2", "99999999999999999999", "0x10"})
    void rejects_a_limit_outside_1_to_100(String limit) {
        ApiClient.Response response = api.get("/v1/pets?limit=" + limit);

        assertError(response, 400, "invalid_request");
        assertThat(response.json().get("message").getStringValue()).isEqualTo("limit must be an integer from 1 to 100");
    }

    @ParameterizedTest
    @ValueSource(strings = {"%201", "1%20", "+1"})
    void rejects_a_limit_that_is_not_plain_digits_in_range(String limit) {
        ApiClient.Response response = api.call("GET", "/v1/pets?limit=" + limit)
                .beyondTheDocument("an integer query parameter cannot say 'plain decimal digits only'").send();

        assertError(response, 400, "invalid_request");
    }

    @ParameterizedTest
    @ValueSource(strings = {"lost", "AVAILABLE", "Available", "", "available%20"})
    void rejects_an_unknown_status(String status) {
        ApiClient.Response response = api.get("/v1/pets?status=" + status);

        assertError(response, 400, "invalid_request");
        assertThat(response.json().get("message").getStringValue()).isEqualTo("status must be one of: available, pending, sold");
    }

    @Test
    void rejects_a_repeated_parameter() {
        assertError(api.get("/v1/pets?limit=5&limit=10"), 400, "invalid_request");
        assertError(api.get("/v1/pets?status=sold&status=pending"), 400, "invalid_request");
    }

    @ParameterizedTest
    @ValueSource(strings = {"limit=1;x", "limit=1;status=sold", "limit=5;", "status=sold;limit=1", "limit=2&status=sold;"})
    void reads_a_semicolon_as_part_of_a_value_not_as_a_separator(String query) {
        ApiClient.Response response = api.get("/v1/pets?" + query);

        assertError(response, 400, "invalid_request");
    }

    @Test
    void ignores_unknown_parameters_semicolons_and_all() {
        long id = catalogue.add("Rex", 1, "sold");

        assertThat(idsOf(api.get("/v1/pets?colour=brown;black&status=sold"))).containsExactly(id);
    }

    @Test
    void ignores_unknown_parameters() {
        long id = catalogue.add("Rex", 1, null);

        assertThat(idsOf(api.get("/v1/pets?colour=brown"))).containsExactly(id);
    }

    @Test
    void rejects_a_request_without_api_key() {
        assertError(api.call("GET", "/v1/pets").anonymous().send(), 401, "unauthorized");
    }

    private List<Long> addPets(int count, String status) {
        return LongStream.rangeClosed(1, count).mapToObj(i -> catalogue.add("Pet " + i, i, status)).toList();
    }
}
