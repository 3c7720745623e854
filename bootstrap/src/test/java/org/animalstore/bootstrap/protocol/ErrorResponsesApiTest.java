package org.animalstore.bootstrap.protocol;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Authenticated requests the API cannot serve still get the Error body and the right status. */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class ErrorResponsesApiTest extends ApiTestBase {

    @ParameterizedTest
    @ValueSource(strings = {"/v1/unknown", "/v1", "/", "/v2/pets", "/v1/pets/1/owner", "/v1/store", "/v1/pets/", "/v1/pets/1/", "/v1/store/orders/"})
    void answers_404_for_an_unknown_route(String path) {
        assertError(api.get(path), 404, "not_found");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"DELETE|/v1/pets|GET,HEAD,POST", "PUT|/v1/pets|GET,HEAD,POST", "PATCH|/v1/pets|GET,HEAD,POST",
            "DELETE|/v1/pets/1|GET,HEAD", "POST|/v1/pets/1|GET,HEAD", "PUT|/v1/pets/1|GET,HEAD", "POST|/v1/store/orders|GET,HEAD"})
    void answers_405_naming_the_methods_the_route_has(String method, String path, String allowed) {
        ApiClient.Response response = api.call(method, path).header("Content-Type", "application/json").body("{}").send();

        assertError(response, 405, "method_not_allowed");
        assertThat(response.header("Allow")).hasValueSatisfying(allow ->
                assertThat(allow.split(",")).extracting(String::strip).containsExactlyInAnyOrder(allowed.split(",")));
    }

    @Test
    void answers_501_for_store_orders_which_the_spec_only_mentions() {
        assertError(api.get("/v1/store/orders"), 501, "not_implemented");
    }

    @Test
    void answers_json_errors_to_a_client_that_asks_for_html() {
        ApiClient.Response response = api.call("GET", "/v1/unknown").header("Accept", "text/html").send();

        assertError(response, 404, "not_found");
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/xml", "text/html", "text/*", "application/problem+json"})
    void answers_406_when_the_client_accepts_no_json(String accept) {
        ApiClient.Response response = api.call("GET", "/v1/pets").header("Accept", accept).send();

        assertError(response, 406, "not_acceptable");
    }

    @ParameterizedTest
    @ValueSource(strings = {"*/*", "application/json", "application/json; charset=utf-8", "text/html, application/json;q=0.5",
            "text/html;q=0.9, */*;q=0.1", "application/json;q=0.5, application/*;q=0", "application/json, text/plain, */*",
            "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"})
    void serves_json_to_any_accept_header_that_allows_it(String accept) {
        ApiClient.Response response = api.call("GET", "/v1/pets").header("Accept", accept).send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
    }
}
