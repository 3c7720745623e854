package org.animalstore.bootstrap.api;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.junit.jupiter.api.Test;

/** Browser pages on other origins: allowed ones may call the API (CORS), others are refused with the Error body. */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
@Property(name = "petstore.cors.allowed-origins", value = CrossOriginApiTest.ALLOWED)
@Property(name = "petstore.base-url", value = "https://pets.animalstore.example/v1")
class CrossOriginApiTest extends ApiTestBase {

    static final String ALLOWED = "https://app.example.org,http://localhost:3000,HTTPS://Admin.Example.org:443/";

    @Test
    void answers_a_preflight_from_an_allowed_origin_without_a_key() {
        ApiClient.Response preflight = ApiClient.outsideTheApi(server.getURI(), jsonMapper).call("OPTIONS", "/v1/pets").anonymous()
                .header("Origin", "https://app.example.org")
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "authorization, content-type, idempotency-key")
                .send();

        assertThat(preflight.status()).isEqualTo(204);
        assertThat(preflight.header("Access-Control-Allow-Origin")).contains("https://app.example.org");
        assertThat(preflight.header("Access-Control-Allow-Methods")).hasValueSatisfying(methods -> assertThat(methods).contains("GET", "POST"));
        assertThat(preflight.header("Access-Control-Allow-Headers")).hasValueSatisfying(headers ->
                assertThat(headers).contains("Authorization", "Content-Type", "Idempotency-Key"));
        assertThat(preflight.header("Access-Control-Max-Age")).contains("600");
    }

    @Test
    void lets_an_allowed_origin_read_answers_and_errors_and_the_headers_clients_need() {
        catalogue.add("Rex", 1, null);
        catalogue.add("Tom", 1, null);

        ApiClient.Response page = api.call("GET", "/v1/pets?limit=1").header("Origin", "http://localhost:3000").send();
        ApiClient.Response keyless = api.call("GET", "/v1/pets").anonymous().header("Origin", "http://localhost:3000").send();

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Access-Control-Allow-Origin")).contains("http://localhost:3000");
        assertThat(page.header("Access-Control-Expose-Headers")).hasValueSatisfying(exposed -> assertThat(exposed).contains("Link", "RateLimit", "X-Request-Id"));
        assertThat(page.headers().allValues("Vary")).anySatisfy(vary -> assertThat(vary).contains("Origin"));
        assertError(keyless, 401, "unauthorized");
        assertThat(keyless.header("Access-Control-Allow-Origin")).contains("http://localhost:3000");
    }

    @Test
    void refuses_another_origin_with_403_origin_not_allowed_even_with_a_valid_key() {
        ApiClient.Response request = api.call("GET", "/v1/pets").header("Origin", "https://elsewhere.example").send();
        ApiClient.Response preflight = ApiClient.outsideTheApi(server.getURI(), jsonMapper).call("OPTIONS", "/v1/pets").anonymous()
                .header("Origin", "null").header("Access-Control-Request-Method", "GET").send();

        assertError(request, 403, "origin_not_allowed");
        assertThat(request.header("Access-Control-Allow-Origin")).isEmpty();
        assertError(preflight, 403, "origin_not_allowed");
    }

    @Test
    void allows_the_origin_browsers_send_for_one_written_with_capitals_its_default_port_and_a_slash() {
        ApiClient.Response response = api.call("GET", "/v1/pets").header("Origin", "https://admin.example.org").send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Access-Control-Allow-Origin")).contains("https://admin.example.org");
    }

    @Test
    void always_allows_the_services_own_origin() {
        ApiClient.Response response = api.call("POST", "/v1/pets").header("Origin", "https://pets.animalstore.example")
                .header("Content-Type", "application/json").body("{\"name\":\"Rex\",\"categoryId\":1}").send();

        assertThat(response.status()).isEqualTo(201);
    }

    @Test
    void leaves_requests_without_origin_alone() {
        ApiClient.Response response = api.get("/v1/pets");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Access-Control-Allow-Origin")).isEmpty();
    }
}
