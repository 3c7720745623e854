package org.animalstore.bootstrap.support;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The check every end-to-end exchange passes catches drift between the service and the document: these
 * exchanges are made up, each differing from a faithful one in a single way the service could drift.
 */
class OpenApiContractTest {

    private static final String PET = "{\"id\":42,\"name\":\"Rex\",\"categoryId\":3,\"status\":\"available\"}";
    private static final String NOT_FOUND = "{\"code\":\"not_found\",\"message\":\"No pet with id 42\",\"status\":404}";

    private final OpenApiContract contract = OpenApiContract.instance();

    @Test
    void accepts_faithful_exchanges() {
        assertThatCode(() -> {
            contract.check(get("/v1/pets?limit=2&status=available", 200, "[" + PET + ",{\"id\":43,\"name\":\"Nemo\",\"categoryId\":2}]"));
            contract.check(created("{\"name\":\"Rex\",\"categoryId\":3,\"status\":\"available\"}", PET, "/v1/pets/42"));
            contract.check(get("/v1/pets/42", 404, NOT_FOUND));
        }).doesNotThrowAnyException();
    }

    @Test
    void rejects_a_renamed_response_field() {
        String renamed = "{\"id\":42,\"petName\":\"Rex\",\"categoryId\":3}";

        assertThatThrownBy(() -> contract.check(get("/v1/pets/42", 200, renamed))).hasMessageContaining("response disagrees");
    }

    @Test
    void rejects_an_undocumented_response_field() {
        String extra = "{\"id\":42,\"name\":\"Rex\",\"categoryId\":3,\"createdAt\":\"2030-01-01\"}";

        assertThatThrownBy(() -> contract.check(get("/v1/pets/42", 200, extra))).hasMessageContaining("not allowed by the schema: [\"createdAt\"]");
    }

    @Test
    void rejects_a_null_status_where_the_document_says_omitted() {
        String nullStatus = "{\"id\":42,\"name\":\"Rex\",\"categoryId\":3,\"status\":null}";

        assertThatThrownBy(() -> contract.check(get("/v1/pets/42", 200, nullStatus))).hasMessageContaining("response disagrees");
    }

    @Test
    void rejects_an_id_that_is_not_an_int64() {
        String bigId = "{\"id\":9223372036854775808,\"name\":\"Rex\",\"categoryId\":3}";

        assertThatThrownBy(() -> contract.check(get("/v1/pets/42", 200, bigId))).hasMessageContaining("int64");
    }

    @Test
    void rejects_an_undocumented_status_code() {
        assertThatThrownBy(() -> contract.check(get("/v1/pets/42", 418, "{\"code\":\"internal_error\",\"message\":\"Teapot\",\"status\":418}")))
                .hasMessageContaining("Response status 418 not defined");
    }

    @Test
    void rejects_an_error_code_the_document_does_not_list() {
        String unknownCode = "{\"code\":\"pet_missing\",\"message\":\"No pet with id 42\",\"status\":404}";

        assertThatThrownBy(() -> contract.check(get("/v1/pets/42", 404, unknownCode))).hasMessageContaining("enum");
    }

    @Test
    void rejects_a_response_that_is_not_json() {
        var exchange = exchange("GET", "/v1/pets/42", Map.of(), null, 200, Map.of("content-type", List.of("text/plain")), PET);

        assertThatThrownBy(() -> contract.check(exchange)).hasMessageContaining("Content-Type");
    }

    @Test
    void rejects_a_created_pet_without_its_location() {
        var exchange = exchange("POST", "/v1/pets", Map.of("content-type", List.of("application/json")),
                "{\"name\":\"Rex\",\"categoryId\":3}", 201, json(), PET);

        assertThatThrownBy(() -> contract.check(exchange)).hasMessageContaining("Location");
    }

    @Test
    void allows_response_headers_the_document_does_not_mention() {
        var headers = deprecated(json());
        headers.put("x-content-type-options", List.of("nosniff"));

        assertThatCode(() -> contract.check(exchange("GET", "/v1/pets/42", Map.of(), null, 200, headers, PET))).doesNotThrowAnyException();
    }

    @Test
    void rejects_accepting_a_request_the_document_calls_invalid() {
        assertThatThrownBy(() -> contract.check(get("/v1/pets?limit=101", 200, "[]"))).hasMessageContaining("accepted a request");
        assertThatThrownBy(() -> contract.check(created("{\"name\":\"" + "x".repeat(101) + "\",\"categoryId\":3}", PET, "/v1/pets/42")))
                .hasMessageContaining("accepted a request");
        var withoutKey = new OpenApiContract.Exchange("GET", URI.create("http://localhost/v1/pets"), Map.of(), null,
                200, json(), "[]".getBytes(StandardCharsets.UTF_8), null);
        assertThatThrownBy(() -> contract.check(withoutKey)).as("no API key").hasMessageContaining("accepted a request");
    }

    @Test
    void rejects_refusing_a_request_the_document_calls_valid() {
        String refusal = "{\"code\":\"invalid_request\",\"message\":\"limit must be an integer from 1 to 50\",\"status\":400}";

        assertThatThrownBy(() -> contract.check(get("/v1/pets?limit=80", 400, refusal))).hasMessageContaining("refused a request");
    }

    @Test
    void rejects_a_beyond_the_document_mark_the_document_contradicts() {
        String refusal = "{\"code\":\"invalid_request\",\"message\":\"limit must be an integer from 1 to 100\",\"status\":400}";
        var exchange = new OpenApiContract.Exchange("GET", URI.create("http://localhost/v1/pets?limit=101"), bearer(), null,
                400, json(), refusal.getBytes(StandardCharsets.UTF_8), "some rule");

        assertThatThrownBy(() -> contract.check(exchange)).hasMessageContaining("describes the refusal");
    }

    @Test
    void rejects_an_undocumented_operation_under_the_api_prefix() {
        var exchange = exchange("DELETE", "/v1/pets/42", Map.of(), null, 204, Map.of(), "");

        assertThatThrownBy(() -> contract.check(exchange)).hasMessageContaining("missing from the document");
    }

    @Test
    void requires_the_error_body_on_routes_the_document_does_not_describe() {
        var plain = exchange("GET", "/v1/unknown", Map.of(), null, 404, json(), "{\"message\":\"Page Not Found\"}");

        assertThatThrownBy(() -> contract.check(plain)).hasMessageContaining("Error schema");
        assertThatCode(() -> contract.check(exchange("GET", "/v1/unknown", Map.of(), null, 404, json(),
                "{\"code\":\"not_found\",\"message\":\"No resource at this path\",\"status\":404}"))).doesNotThrowAnyException();
    }

    @Test
    void leaves_paths_outside_the_api_to_their_own_tests() {
        var docs = exchange("GET", "/swagger-ui/index.html", Map.of(), null, 200, Map.of("content-type", List.of("text/html")), "<html/>");

        assertThatCode(() -> contract.check(docs)).doesNotThrowAnyException();
    }

    private static OpenApiContract.Exchange get(String pathAndQuery, int status, String body) {
        var headers = json();
        return exchange("GET", pathAndQuery, Map.of(), null, status, pathAndQuery.startsWith("/v1/pets/") ? deprecated(headers) : headers, body);
    }

    private static OpenApiContract.Exchange created(String requestBody, String responseBody, String location) {
        var headers = json();
        headers.put("location", List.of(location));
        return exchange("POST", "/v1/pets", Map.of("content-type", List.of("application/json")), requestBody, 201, headers, responseBody);
    }

    private static OpenApiContract.Exchange exchange(String method, String pathAndQuery, Map<String, List<String>> requestHeaders,
                                                     String requestBody, int status, Map<String, List<String>> responseHeaders,
                                                     String responseBody) {
        Map<String, List<String>> headers = bearer();
        headers.putAll(requestHeaders);
        return new OpenApiContract.Exchange(method, URI.create("http://localhost" + pathAndQuery), headers,
                requestBody == null ? null : requestBody.getBytes(StandardCharsets.UTF_8),
                status, responseHeaders, responseBody.getBytes(StandardCharsets.UTF_8), null);
    }

    private static Map<String, List<String>> bearer() {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put("authorization", List.of(ApiClient.BEARER));
        return headers;
    }

    private static Map<String, List<String>> json() {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put("content-type", List.of("application/json"));
        headers.put("x-request-id", List.of("4f1c2a"));
        return headers;
    }

    /** The headers every answer of the deprecated operation carries after authentication. */
    private static Map<String, List<String>> deprecated(Map<String, List<String>> headers) {
        headers.put("deprecation", List.of("@1795305600"));
        headers.put("sunset", List.of("Thu, 05 Dec 2030 00:00:00 GMT"));
        headers.put("link", List.of("</v1/pets>; rel=\"successor-version\""));
        return headers;
    }
}
