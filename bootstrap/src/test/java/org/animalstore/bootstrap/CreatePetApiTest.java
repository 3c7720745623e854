package org.animalstore.bootstrap;

import static org.animalstore.bootstrap.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.tree.JsonNode;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** POST /v1/pets: 201 with the stored Pet; 400 for a bad body; 401 without a key; 413 and 415 for the wrong payload. */
@MicronautTest(transactional = false)
class CreatePetApiTest extends ApiTestBase {

    @Test
    void creates_a_pet_and_returns_it_with_its_id() {
        // when
        ApiClient.Response response = api.postJson("/v1/pets", "{\"name\":\"Rex\",\"categoryId\":3,\"status\":\"available\"}");

        // then
        assertThat(response.status()).isEqualTo(201);
        assertThat(response.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        JsonNode pet = response.json();
        long id = pet.get("id").getLongValue();
        assertThat(id).isPositive();
        assertThat(pet.get("name").getStringValue()).isEqualTo("Rex");
        assertThat(pet.get("categoryId").getLongValue()).isEqualTo(3);
        assertThat(pet.get("status").getStringValue()).isEqualTo("available");
        assertThat(response.header("Location")).contains("/v1/pets/" + id);
        assertThat(api.get("/v1/pets/" + id).text()).isEqualTo(response.text());
    }

    @Test
    void creates_a_pet_without_status_and_keeps_none() {
        ApiClient.Response response = api.postJson("/v1/pets", "{\"name\":\"Nemo\",\"categoryId\":2}");

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.json().get("status")).isNull();
        assertThat(api.get("/v1/pets/" + response.json().get("id").getLongValue()).json().get("status")).isNull();
    }

    @Test
    void gives_each_pet_a_new_id() {
        long first = api.addPet("Rex", 1, null);
        long second = api.addPet("Rex", 1, null);

        assertThat(second).isGreaterThan(first);
    }

    @Test
    void ignores_unknown_fields_and_a_client_supplied_id() {
        ApiClient.Response response = api.postJson("/v1/pets", "{\"id\":999999,\"name\":\"Rex\",\"categoryId\":1,\"colour\":{\"a\":[1,2]}}");

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.json().get("id").getLongValue()).isNotEqualTo(999999);
        assertThat(response.json().get("colour")).isNull();
    }

    @Test
    void accepts_json_with_a_charset_parameter() {
        ApiClient.Response response = api.call("POST", "/v1/pets").header("Content-Type", "application/json; charset=utf-8")
                .body("{\"name\":\"Rex\",\"categoryId\":1}").send();

        assertThat(response.status()).isEqualTo(201);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Ünïcödé 🐶", "e\u0301", "O'Brien\"; DROP TABLE pet;--", "  spaced  ", "<script>alert(1)</script>", "../../etc/passwd"})
    void stores_unusual_names_exactly(String name) throws Exception {
        String body = "{\"name\":" + jsonMapper.writeValueAsString(name) + ",\"categoryId\":1}";

        ApiClient.Response created = api.postJson("/v1/pets", body);

        assertThat(created.status()).isEqualTo(201);
        assertThat(api.get("/v1/pets/" + created.json().get("id").getLongValue()).json().get("name").getStringValue()).isEqualTo(name);
    }

    @Test
    void accepts_a_name_of_100_characters_and_the_largest_category_id() {
        String name = "🐶".repeat(100);

        ApiClient.Response response = api.postJson("/v1/pets", "{\"name\":\"" + name + "\",\"categoryId\":9223372036854775807}");

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.json().get("name").getStringValue()).isEqualTo(name);
        assertThat(response.json().get("categoryId").getLongValue()).isEqualTo(Long.MAX_VALUE);
    }

    static Stream<Arguments> invalid_bodies() {
        return Stream.of(
                Arguments.of("{\"categoryId\":1}", "name is required"),
                Arguments.of("{\"name\":\"Rex\"}", "categoryId is required"),
                Arguments.of("{}", "name is required"),
                Arguments.of("{\"name\":null,\"categoryId\":1}", "name must be a string"),
                Arguments.of("{\"name\":42,\"categoryId\":1}", "name must be a string"),
                Arguments.of("{\"name\":[\"Rex\"],\"categoryId\":1}", "name must be a string"),
                Arguments.of("{\"name\":\"\",\"categoryId\":1}", "name must not be blank"),
                Arguments.of("{\"name\":\"   \",\"categoryId\":1}", "name must not be blank"),
                Arguments.of("{\"name\":\"" + "x".repeat(101) + "\",\"categoryId\":1}", "name must be at most 100 characters long"),
                Arguments.of("{\"name\":\"Re\\u0000x\",\"categoryId\":1}", "name must not contain control characters"),
                Arguments.of("{\"name\":\"Re\\nx\",\"categoryId\":1}", "name must not contain control characters"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":\"1\"}", "categoryId must be an integer"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":1.5}", "categoryId must be an integer"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":1.0}", "categoryId must be an integer"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":1e2}", "categoryId must be an integer"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":null}", "categoryId must be an integer"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":true}", "categoryId must be an integer"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":0}", "categoryId must be a positive integer"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":-7}", "categoryId must be a positive integer"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":9223372036854775808}", "categoryId must be a positive integer of at most 9223372036854775807"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":1,\"status\":\"lost\"}", "status must be one of: available, pending, sold"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":1,\"status\":\"AVAILABLE\"}", "status must be one of: available, pending, sold"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":1,\"status\":null}", "status must be one of: available, pending, sold"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":1,\"status\":1}", "status must be one of: available, pending, sold"),
                Arguments.of("[{\"name\":\"Rex\",\"categoryId\":1}]", "The request body must be a JSON object with name and categoryId"),
                Arguments.of("\"Rex\"", "The request body must be a JSON object with name and categoryId"),
                Arguments.of("null", "The request body must be a JSON object with name and categoryId"));
    }

    @ParameterizedTest
    @MethodSource("invalid_bodies")
    void rejects_an_invalid_body_and_stores_nothing(String body, String message) {
        ApiClient.Response response = api.postJson("/v1/pets", body);

        assertError(response, 400, "invalid_request");
        assertThat(response.json().get("message").getStringValue()).isEqualTo(message);
        assertThat(catalogue.count()).isZero();
    }

    static Stream<Arguments> bodies_the_document_cannot_describe() {
        return Stream.of(
                Arguments.of("{\"name\":\"Rex\\ud800\",\"categoryId\":1}", "invalid_request", "name must be valid Unicode text",
                        "JSON Schema sees strings as parsed, and a parser may keep a lone surrogate"),
                Arguments.of("{\"name\":\"Rex\",\"name\":\"Max\",\"categoryId\":1}", "invalid_request", "field 'name' appears more than once",
                        "JSON Schema sees objects as parsed, after duplicate fields are merged"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":1}}", "malformed_json", "The request body is not valid JSON (line 1, column 30)",
                        "a lenient parser stops after the first value and never sees trailing content"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":1} {}", "malformed_json", "The request body must hold a single JSON object",
                        "a lenient parser stops after the first value and never sees trailing content"));
    }

    @ParameterizedTest
    @MethodSource("bodies_the_document_cannot_describe")
    void rejects_bodies_whose_fault_the_json_schema_cannot_describe(String body, String code, String message, String why) {
        ApiClient.Response response = api.call("POST", "/v1/pets").header("Content-Type", "application/json").body(body)
                .beyondTheDocument(why).send();

        assertError(response, 400, code);
        assertThat(response.json().get("message").getStringValue()).isEqualTo(message);
        assertThat(catalogue.count()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"name\":", "{\"name\":\"Rex\",\"categoryId\":1", "{name:\"Rex\"}", "{'name':'Rex'}",
            "{\"name\":\"Rex\",}", "nonsense", " "})
    void rejects_malformed_json_and_stores_nothing(String body) {
        ApiClient.Response response = api.postJson("/v1/pets", body);

        assertError(response, 400, "malformed_json");
        assertThat(catalogue.count()).isZero();
    }

    @Test
    void rejects_an_empty_body() {
        assertError(api.call("POST", "/v1/pets").header("Content-Type", "application/json").send(), 400, "malformed_json");
    }

    @Test
    void rejects_invalid_utf8() {
        byte[] body = "{\"name\":\"R?x\",\"categoryId\":1}".getBytes(StandardCharsets.US_ASCII);
        body[10] = (byte) 0xC3; // a lead byte followed by an ASCII byte

        assertError(api.call("POST", "/v1/pets").header("Content-Type", "application/json").body(body).send(), 400, "malformed_json");
    }

    @Test
    void rejects_deeply_nested_json() {
        String body = "{\"name\":\"Rex\",\"categoryId\":1,\"x\":" + "[".repeat(5000) + "]".repeat(5000) + "}";

        assertError(api.postJson("/v1/pets", body), 400, "malformed_json");
        assertThat(catalogue.count()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/plain", "application/xml", "application/x-www-form-urlencoded", "text/json"})
    void rejects_a_body_that_is_not_json(String contentType) {
        ApiClient.Response response = api.call("POST", "/v1/pets").header("Content-Type", contentType)
                .body("{\"name\":\"Rex\",\"categoryId\":1}").send();

        assertError(response, 415, "unsupported_media_type");
        assertThat(catalogue.count()).isZero();
    }

    @Test
    void rejects_a_body_without_content_type() {
        ApiClient.Response response = api.call("POST", "/v1/pets").body("{\"name\":\"Rex\",\"categoryId\":1}").send();

        assertError(response, 415, "unsupported_media_type");
        assertThat(catalogue.count()).isZero();
    }

    @Test
    void rejects_a_body_over_16_kib() {
        String body = "{\"name\":\"Rex\",\"categoryId\":1,\"padding\":\"" + "x".repeat(17_000) + "\"}";

        assertError(api.postJson("/v1/pets", body), 413, "payload_too_large");
        assertThat(catalogue.count()).isZero();
    }

    @Test
    void checks_the_api_key_before_the_body() {
        ApiClient.Response response = api.call("POST", "/v1/pets").anonymous().header("Content-Type", "text/plain").body("nonsense").send();

        assertError(response, 401, "unauthorized");
    }
}
