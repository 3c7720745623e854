package org.animalstore.bootstrap.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micronaut.context.ApplicationContext;
import java.util.Map;
import org.animalstore.adapters.rest.http.WorkaroundSwitch;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The switch that leaves the framework as it ships (no smuggling or framing refusals) cannot reach production:
 * outside the test environment the service refuses to start with it off (docs/framework-workarounds.md).
 */
class WorkaroundSwitchStartupTest {

    @ParameterizedTest
    @ValueSource(strings = {"false", "FALSE", " false"})
    void refuses_to_start_with_the_workarounds_off_outside_the_test_environment(String off) {
        assertThatThrownBy(() -> start(Map.of(WorkaroundSwitch.PROPERTY, off), "staging"))
                .hasStackTraceContaining("PETSTORE_HTTP_WORKAROUNDS (petstore.http.workarounds) is false");
    }

    @Test
    void the_canary_tests_may_switch_them_off_in_the_test_environment() {
        try (ApplicationContext context = start(Map.of(WorkaroundSwitch.PROPERTY, "false"), "test")) {
            assertThat(context.isRunning()).isTrue();
        }
    }

    /** The service's own context, without guessing the environment from the test runner, on the test schema. */
    private static ApplicationContext start(Map<String, Object> settings, String environment) {
        Map<String, Object> properties = TestDatabase.serviceOn(TestDatabase.POSTGRES_PORT, TestDatabase.schema());
        properties.putAll(settings);
        properties.put("petstore.api-keys", "test-key-primary-0000000001");
        properties.put("petstore.base-url", "https://staging.example.com/v1");
        return new Application.ServiceContextBuilder().deduceEnvironment(false).environments(environment).properties(properties).build().start();
    }
}
