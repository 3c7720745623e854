package org.animalstore.adapters.rest.contract;

import static org.animalstore.adapters.rest.contract.AdapterCalls.assertError;
import static org.animalstore.adapters.rest.contract.AdapterCalls.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.port.out.InMemoryPetCatalogue;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The REST adapter's own HTTP rules, over the in-memory catalogue: what it refuses and with which
 * Error body, and how it maps the catalogue's answers to statuses and headers. End to end, on
 * PostgreSQL, the bootstrap module's tests check the whole service.
 */
@MicronautTest(transactional = false)
class PetHttpRulesTest {

    private static final String REX = "{\"name\":\"Rex\",\"categoryId\":3,\"status\":\"available\"}";

    @Inject
    EmbeddedServer server;

    @Inject
    InMemoryPetCatalogue catalogue;

    private AdapterCalls calls;

    @BeforeEach
    void emptyCatalogue() {
        catalogue.clear();
        calls = new AdapterCalls(server.getURI());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "101", "-1", "abc", "1.5", ""})
    void rejects_a_limit_outside_1_to_100_with_400(String limit) {
        HttpResponse<String> response = calls.get("/v1/pets?limit=" + limit);

        assertThat(assertError(response, 400, "invalid_request")).isEqualTo("limit must be an integer from 1 to 100");
    }

    @ParameterizedTest
    @ValueSource(strings = {"lost", "AVAILABLE", ""})
    void rejects_an_unknown_status_with_400(String status) {
        HttpResponse<String> response = calls.get("/v1/pets?status=" + status);

        assertThat(assertError(response, 400, "invalid_request")).isEqualTo("status must be one of: available, pending, sold");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"categoryId\":1}|name is required",
            "{\"name\":\"Rex\",\"categoryId\":\"1\"}|categoryId must be an integer",
            "{\"name\":\"Rex\",\"categoryId\":0}|categoryId must be a positive integer",
            "{\"name\":\"Rex\",\"categoryId\":1,\"status\":\"lost\"}|status must be one of: available, pending, sold",
            "[]|The request body must be a JSON object with name and categoryId"})
    void rejects_an_invalid_body_with_400_and_stores_nothing(String body, String message) {
        HttpResponse<String> response = calls.postJson(body);

        assertThat(assertError(response, 400, "invalid_request")).isEqualTo(message);
        assertThat(everyPet()).isEmpty();
    }

    @Test
    void rejects_malformed_json_with_400_and_stores_nothing() {
        assertError(calls.postJson("{\"name\":"), 400, "malformed_json");
        assertThat(everyPet()).isEmpty();
    }

    @Test
    void rejects_a_body_that_is_not_json_with_415() {
        HttpResponse<String> response = calls.send(calls.request("/v1/pets", "Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofString(REX)));

        assertError(response, 415, "unsupported_media_type");
        assertThat(everyPet()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"GET,/v1/pets", "POST,/v1/pets", "GET,/v1/pets/1", "GET,/v1/pets/abc"})
    void answers_401_with_a_bearer_challenge_to_a_request_without_a_key(String method, String path) {
        HttpRequest.Builder anonymous = HttpRequest.newBuilder(server.getURI().resolve(path))
                .header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(REX));

        HttpResponse<String> response = calls.send(anonymous);

        assertError(response, 401, "unauthorized");
        assertThat(response.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(challenge -> assertThat(challenge).startsWith("Bearer"));
        assertThat(everyPet()).isEmpty();
    }

    @Test
    void answers_401_to_a_key_that_is_not_configured() {
        HttpResponse<String> response = calls.send(calls.request("/v1/pets", "Authorization", "Bearer not-a-configured-key-0001").GET());

        assertError(response, 401, "unauthorized");
    }

    @Test
    void creates_a_pet_and_locates_it_at_its_own_path() {
        // when
        HttpResponse<String> created = calls.postJson(REX);

        // then 201 with the stored pet, and a Location that serves it
        assertThat(created.statusCode()).isEqualTo(201);
        long id = json(created).get("id").getLongValue();
        assertThat(created.body()).isEqualTo("{\"id\":" + id + ",\"name\":\"Rex\",\"categoryId\":3,\"status\":\"available\"}");
        assertThat(created.headers().firstValue("Location")).hasValue("/v1/pets/" + id);
        assertThat(catalogue.loadPet(new PetId(id))).isPresent();
        assertThat(calls.get("/v1/pets/" + id).body()).isEqualTo(created.body());
    }

    @ParameterizedTest
    @ValueSource(strings = {"424242", "0", "-1"})
    void answers_404_with_the_error_body_for_an_id_without_pet(String petId) {
        assertThat(assertError(calls.get("/v1/pets/" + petId), 404, "not_found")).isEqualTo("No pet with id " + petId);
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "1.5", "9223372036854775808"})
    void answers_400_for_an_id_that_is_not_an_int64(String petId) {
        assertError(calls.get("/v1/pets/" + petId), 400, "invalid_request");
    }

    @Test
    void links_the_next_page_while_more_pets_match_and_not_after_the_last() {
        // given three pets
        List<Long> ids = List.of(add("Rex"), add("Tom"), add("Kit"));

        // when
        HttpResponse<String> first = calls.get("/v1/pets?limit=2");
        String link = first.headers().firstValue("Link").orElseThrow(() -> new AssertionError("no next link"));
        HttpResponse<String> last = calls.get(link.substring(1, link.indexOf('>')));

        // then
        assertThat(link).matches("</v1/pets\\?limit=2&cursor=[A-Za-z0-9_-]+>; rel=\"next\"");
        assertThat(idsOf(first)).containsExactlyElementsOf(ids.subList(0, 2));
        assertThat(idsOf(last)).containsExactly(ids.get(2));
        assertThat(last.headers().firstValue("Link")).isEmpty();
    }

    @Test
    void replays_a_retry_with_the_same_idempotency_key_and_refuses_the_key_with_another_body_with_422() {
        HttpResponse<String> first = calls.postJson(REX, "Idempotency-Key", "order-1");

        HttpResponse<String> retry = calls.postJson(REX, "Idempotency-Key", "order-1");
        HttpResponse<String> other = calls.postJson("{\"name\":\"Max\",\"categoryId\":3}", "Idempotency-Key", "order-1");

        assertThat(retry.statusCode()).isEqualTo(201);
        assertThat(retry.body()).isEqualTo(first.body());
        assertThat(retry.headers().firstValue("Idempotent-Replayed")).hasValue("true");
        assertThat(first.headers().firstValue("Idempotent-Replayed")).isEmpty();
        assertError(other, 422, "idempotency_key_reused");
        assertThat(everyPet()).hasSize(1);
    }

    private long add(String name) {
        return catalogue.addPet(new NewPet(new PetName(name), new CategoryId(1), Optional.empty())).id().value();
    }

    private List<Pet> everyPet() {
        return catalogue.loadPets(new PetQuery(PetQuery.MAX_LIMIT, Optional.empty(), Optional.empty()), PetQuery.MAX_LIMIT);
    }

    private static List<Long> idsOf(HttpResponse<String> response) {
        assertThat(response.statusCode()).isEqualTo(200);
        List<Long> ids = new ArrayList<>();
        json(response).values().forEach(pet -> ids.add(pet.get("id").getLongValue()));
        return ids;
    }
}
