package org.animalstore.bootstrap.api;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.animalstore.bootstrap.support.OpenApiContract;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.Yaml;

/** The running service publishes its contract and a documentation page to anyone, and nothing else without a key. */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class OpenApiDocsApiTest extends ApiTestBase {

    @ParameterizedTest
    @ValueSource(strings = {"/swagger/animal-store.yml", "/openapi.yaml"})
    void serves_the_generated_document_as_yaml_without_an_api_key(String path) {
        ApiClient.Response response = api.call("GET", path).anonymous().send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/yaml"));
        assertThat(response.header("Cache-Control")).contains("public, max-age=300");
        assertThat(response.text()).isEqualTo(OpenApiContract.instance().text());
    }

    @Test
    void serves_the_same_document_as_json_without_an_api_key() throws Exception {
        ApiClient.Response response = api.call("GET", "/openapi.json").anonymous().send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        Map<?, ?> yaml = new Yaml().load(OpenApiContract.instance().text());
        assertThat(jsonMapper.readValue(response.bytes(), Map.class)).isEqualTo(yaml);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/swagger-ui/", "/swagger-ui/index.html"})
    void serves_the_swagger_ui_page_without_an_api_key(String path) {
        ApiClient.Response response = api.call("GET", path).anonymous().header("Accept", "text/html").send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
        assertThat(response.text()).contains("/swagger/animal-store.yml", "/swagger-ui/res/swagger-ui-bundle.js");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/swagger-ui/res/swagger-ui-bundle.js", "/swagger-ui/res/swagger-ui-standalone-preset.js", "/swagger-ui/res/swagger-ui.css"})
    void serves_the_page_scripts_from_the_service_itself(String path) {
        ApiClient.Response response = api.call("GET", path).anonymous().send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.bytes().length).isGreaterThan(1000);
    }

    @Test
    void keeps_the_api_behind_the_key() {
        assertError(api.call("GET", "/v1/pets").anonymous().send(), 401, "unauthorized");
    }

    @ParameterizedTest
    @ValueSource(strings = {"POST", "PUT", "DELETE"})
    void opens_the_documentation_to_reading_only(String method) {
        ApiClient.Response response = api.call(method, "/swagger/animal-store.yml").anonymous()
                .header("Content-Type", "application/json").body("{}").send();

        assertError(response, 401, "unauthorized");
    }

    @Test
    void opens_no_other_path_than_the_document_and_the_page() {
        assertError(api.call("GET", "/swagger/other.yml").anonymous().send(), 401, "unauthorized");
    }
}
