package org.animalstore.bootstrap.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micronaut.context.env.Environment;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import java.net.URI;
import java.util.Map;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.animalstore.bootstrap.support.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * MICRONAUT_ENVIRONMENTS=staging: same service, its own address, keys and database, all from the
 * environment; it refuses to start rather than fall back on a local default.
 */
class StagingEnvironmentTest {

    @Test
    void refuses_to_start_without_its_own_database() {
        assertThatThrownBy(() -> ServiceContexts.context(Map.of("petstore.base-url", "https://staging.example.com/v1"), "test", "staging"))
                .hasStackTraceContaining("Could not resolve placeholder ${DATASOURCES_DEFAULT_");
    }

    @Test
    void refuses_to_start_without_its_own_base_url() {
        Map<String, Object> properties = TestDatabase.serviceOn(TestDatabase.POSTGRES_PORT, TestDatabase.schema());
        properties.put("datasources.default.username", "postgres");
        properties.put("datasources.default.password", "");

        assertThatThrownBy(() -> ServiceContexts.context(properties, "test", "staging"))
                .hasStackTraceContaining("Set PETSTORE_BASE_URL");
    }

    @Test
    void refuses_a_base_url_that_is_not_the_versioned_api_address() {
        Map<String, Object> properties = TestDatabase.serviceOn(TestDatabase.POSTGRES_PORT, TestDatabase.schema());
        properties.put("petstore.base-url", "staging.example.com");

        assertThatThrownBy(() -> ServiceContexts.context(properties, "test"))
                .hasStackTraceContaining("PETSTORE_BASE_URL must be an http(s) URL ending in /v1");
    }

    @Test
    void starts_with_its_settings_and_publishes_its_address() {
        Map<String, Object> properties = TestDatabase.serviceOn(TestDatabase.POSTGRES_PORT, TestDatabase.schema());
        int managementPort = TestDatabase.freePort();
        properties.put("datasources.default.username", "postgres");
        properties.put("datasources.default.password", "");
        properties.put("petstore.base-url", "https://staging.example.com/v1");
        properties.put("endpoints.all.port", managementPort);

        try (EmbeddedServer server = ServiceContexts.server(properties, "test", "staging")) {
            ApiClient management = ApiClient.outsideTheApi(URI.create("http://127.0.0.1:" + managementPort),
                    server.getApplicationContext().getBean(JsonMapper.class));
            assertThat(server.getApplicationContext().getEnvironment().getActiveNames()).contains("staging");
            assertThat(server.getApplicationContext().getEnvironment().getActiveNames()).doesNotContain(Environment.DEVELOPMENT);
            assertThat(management.call("GET", "/info").anonymous().send().json().get("base-url").getStringValue())
                    .isEqualTo("https://staging.example.com/v1");
        }
    }
}
