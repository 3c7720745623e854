package org.animalstore.bootstrap.api;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.tree.JsonNode;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** POST /v1/pets: 201 with the stored Pet; 400 for a bad body; 401 without a key; 413 and 415 for the wrong payload. */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class CreatePetApiTest extends ApiTestBase {

    @Test
    void concurrent_creates_each_get_their_own_pet_and_all_are_stored() throws Exception {
        // given 48 creates sent at once from 8 threads (they share transactions in groups)
        List<Callable<ApiClient.Response>> creates = IntStream.range(0, 48)
                .mapToObj(i -> (Callable<ApiClient.Response>) () -> api.postJson("/v1/pets", "{\"name\":\"Pet " + i + "\",\"categoryId\":" + (i + 1) + "}"))
                .toList();

        // when they are answered
        List<ApiClient.Response> answers = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            for (Future<ApiClient.Response> answer : threads.invokeAll(creates)) {
                answers.add(answer.get(30, TimeUnit.SECONDS));
            }
        }

        // then each got the pet it sent, under an id of its own, and each is stored as answered
        Set<Long> ids = new HashSet<>();
        for (int i = 0; i < answers.size(); i++) {
            ApiClient.Response answer = answers.get(i);
            assertThat(answer.status()).isEqualTo(201);
            assertThat(answer.json().get("name").getStringValue()).isEqualTo("Pet " + i);
            assertThat(answer.json().get("categoryId").getLongValue()).isEqualTo(i + 1);
            long id = answer.json().get("id").getLongValue();
            ids.add(id);
            assertThat(api.get("/v1/pets/" + id).text()).isEqualTo(answer.text());
        }
        assertThat(ids).hasSize(48);
        assertThat(catalogue.count()).isEqualTo(48);
    }

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

    @ParameterizedTest
    @ValueSource(strings = {"application/json; charset=utf-8", "application/json;charset=UTF-8", "application/json; charset=\"utf-8\""})
    void accepts_json_with_a_utf8_charset_parameter(String contentType) {
        ApiClient.Response response = api.call("POST", "/v1/pets").header("Content-Type", contentType)
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
                Arguments.of("{\"name\":\"\\u200b\",\"categoryId\":1}", "name must have at least one visible character"),
                Arguments.of("{\"name\":\"\\ufeff\",\"categoryId\":1}", "name must have at least one visible character"),
                Arguments.of("{\"name\":\"\\uffff\",\"categoryId\":1}", "name must have at least one visible character"),
                Arguments.of("{\"name\":\"\\u00a0\\u3164\",\"categoryId\":1}", "name must have at least one visible character"),
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
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":1,\"status\":\" sold\"}", "status must be one of: available, pending, sold"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":1,\"status\":\"0\"}", "status must be one of: available, pending, sold"),
                Arguments.of("{\"name\":true,\"categoryId\":1}", "name must be a string"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":-9223372036854775809}", "categoryId must be a positive integer of at most 9223372036854775807"),
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
                Arguments.of("{\"name\":\"\\u0301\\ue000\",\"categoryId\":1}", "invalid_request", "name must have at least one visible character",
                        "an ECMA-262 pattern without flags cannot name Unicode categories (combining marks, private use)"),
                Arguments.of("{\"name\":\"Rex\",\"name\":\"Max\",\"categoryId\":1}", "invalid_request", "field 'name' appears more than once",
                        "JSON Schema sees objects as parsed, after duplicate fields are merged"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":1,\"tag\":1,\"tag\":2}", "invalid_request", "field 'tag' appears more than once",
                        "JSON Schema sees objects as parsed, after duplicate fields are merged"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":1,\"x\":{\"y\":1,\"y\":2}}", "invalid_request", "field 'y' appears more than once",
                        "JSON Schema sees objects as parsed, after duplicate fields are merged"),
                Arguments.of("{\"name\":\"Rex\",\"categoryId\":1,\"x\":[1,{\"z\":[{\"y\":1,\"y\":2}]}]}", "invalid_request",
                        "field 'y' appears more than once", "JSON Schema sees objects as parsed, after duplicate fields are merged"),
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

    static Stream<Arguments> invalid_utf8() {
        return Stream.of(
                Arguments.of("a lead byte followed by an ASCII byte", new byte[] {(byte) 0xC3, 'x'}, false),
                Arguments.of("an overlong '/' in two bytes", new byte[] {(byte) 0xC0, (byte) 0xAF}, true),
                Arguments.of("an overlong '/' in three bytes", new byte[] {(byte) 0xE0, (byte) 0x80, (byte) 0xAF}, true),
                Arguments.of("an overlong '\"' that would end the string", new byte[] {(byte) 0xC0, (byte) 0xA2}, true),
                Arguments.of("a code point above U+10FFFF", new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, true),
                Arguments.of("an encoded surrogate", new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, false),
                Arguments.of("a stray continuation byte", new byte[] {(byte) 0x80}, false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalid_utf8")
    void rejects_invalid_utf8_in_a_name(String fault, byte[] bytes, boolean lenientParsersAccept) {
        byte[] body = concat("{\"name\":\"R".getBytes(StandardCharsets.US_ASCII), bytes, "x\",\"categoryId\":1}".getBytes(StandardCharsets.US_ASCII));

        ApiClient.Response response = api.call("POST", "/v1/pets").header("Content-Type", "application/json").body(body)
                .beyondTheDocument(lenientParsersAccept ? "the validator's JSON parser decodes this sequence instead of refusing it" : null).send();

        assertError(response, 400, "malformed_json");
        assertThat(response.json().get("message").getStringValue()).isEqualTo("The request body is not valid UTF-8");
        assertThat(catalogue.count()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"UTF-16", "UTF-16BE", "UTF-16LE", "UTF-32"})
    void rejects_a_body_in_another_unicode_encoding(String encoding) {
        byte[] body = "{\"name\":\"Rex\",\"categoryId\":1}".getBytes(java.nio.charset.Charset.forName(encoding));

        ApiClient.Response response = api.call("POST", "/v1/pets").header("Content-Type", "application/json").body(body)
                .beyondTheDocument("JSON is UTF-8 (RFC 8259); the validator's parser guesses UTF-16 and UTF-32 from the first bytes").send();

        assertError(response, 400, "malformed_json");
        assertThat(catalogue.count()).isZero();
    }

    @Test
    void ignores_a_utf8_byte_order_mark_as_rfc_8259_allows() {
        byte[] body = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, "{\"name\":\"Rex\",\"categoryId\":1}".getBytes(StandardCharsets.UTF_8));

        ApiClient.Response response = api.call("POST", "/v1/pets").header("Content-Type", "application/json").body(body).send();

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.json().get("name").getStringValue()).isEqualTo("Rex");
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/json; charset=utf-16", "application/json; charset=ISO-8859-1", "application/json;charset=\"utf-32\""})
    void rejects_a_charset_other_than_utf8(String contentType) {
        ApiClient.Response response = api.call("POST", "/v1/pets").header("Content-Type", contentType)
                .body("{\"name\":\"Rex\",\"categoryId\":1}").beyondTheDocument("JSON is UTF-8 (RFC 8259); the document names no charset").send();

        assertError(response, 415, "unsupported_media_type");
        assertThat(response.json().get("message").getStringValue()).contains("UTF-8");
        assertThat(catalogue.count()).isZero();
    }

    private static byte[] concat(byte[]... parts) {
        var out = new java.io.ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
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
