package org.animalstore.bootstrap.fence;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.micronaut.context.ApplicationContext;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.inject.BeanDefinition;
import io.micronaut.inject.qualifiers.Qualifiers;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.adapters.rest.http.WorkaroundSwitch;
import org.animalstore.bootstrap.Application;
import org.junit.jupiter.api.Test;

/**
 * Canary and proof of the workaround ExceptionHandlersRemembered (docs/framework-workarounds.md, Beside the
 * fence): Micronaut's bean context looks for the exception handler of an error anew every time, walking every
 * bean definition, so the service's context remembers what it found.
 */
class ExceptionHandlerLookupCanaryTest {

    private static JavaClasses testClasses;

    @Test
    void micronauts_context_looks_for_an_exception_handler_anew_for_every_error() {
        try (ApplicationContext context = ApplicationContext.run(Map.of(), "test")) {
            // when the lifecycle's lookup for an error's handler is made twice
            Optional<BeanDefinition<ExceptionHandler>> first = handlerOf(context, ApiException.class);
            Optional<BeanDefinition<ExceptionHandler>> second = handlerOf(context, ApiException.class);

            // then both find the same handler, but the second was not taken from Micronaut's cache
            assertThat(second).isEqualTo(first).isPresent();
            assertThat(second)
                    .as("Micronaut's context now caches the exception handler of an error: delete ExceptionHandlersRemembered")
                    .isNotSameAs(first);
        }
    }

    @Test
    void the_service_context_looks_for_the_handler_of_each_exception_class_once() {
        try (ApplicationContext service = new Application.ServiceContextBuilder().environments("test").build();
             ApplicationContext micronauts = ApplicationContext.run(Map.of(), "test")) {
            service.start();

            Optional<BeanDefinition<ExceptionHandler>> first = handlerOf(service, ApiException.class);

            assertThat(service).isInstanceOf(ExceptionHandlersRemembered.class);
            assertThat(first.map(BeanDefinition::getBeanType)).isEqualTo(handlerOf(micronauts, ApiException.class).map(BeanDefinition::getBeanType));
            assertThat(handlerOf(service, ApiException.class)).isSameAs(first);
            assertThat(handlerOf(service, IllegalStateException.class).map(BeanDefinition::getBeanType))
                    .isEqualTo(handlerOf(micronauts, IllegalStateException.class).map(BeanDefinition::getBeanType));
        }
    }

    @Test
    void the_service_context_forgets_what_it_found_when_a_bean_is_registered() {
        try (ApplicationContext service = new Application.ServiceContextBuilder().environments("test").build()) {
            service.start();
            Optional<BeanDefinition<ExceptionHandler>> before = handlerOf(service, ApiException.class);

            service.registerSingleton(new StringBuilder("a bean registered at run time"));

            assertThat(handlerOf(service, ApiException.class)).isNotSameAs(before).isEqualTo(before);
        }
    }

    @Test
    void the_workaround_switch_leaves_the_lookup_to_micronaut() {
        try (ApplicationContext service = new Application.ServiceContextBuilder().environments("test")
                .properties(Map.of(WorkaroundSwitch.PROPERTY, "false")).build()) {
            service.start();

            assertThat(handlerOf(service, ApiException.class)).isNotSameAs(handlerOf(service, ApiException.class));
        }
    }

    @Test
    void the_service_started_as_main_starts_it_answers_errors_with_the_error_body() throws Exception {
        try (ApplicationContext service = new Application.ServiceContextBuilder().environments("test").build()) {
            service.start();
            EmbeddedServer server = service.getBean(EmbeddedServer.class).start();
            HttpClient client = HttpClient.newHttpClient();

            for (int attempt = 0; attempt < 2; attempt++) {
                HttpResponse<String> answer = client.send(HttpRequest.newBuilder(URI.create(server.getURL() + "/v1/pets/not-a-number"))
                        .header("Authorization", "Bearer test-key-primary-0000000001").build(), HttpResponse.BodyHandlers.ofString());

                assertThat(answer.statusCode()).isEqualTo(400);
                assertThat(answer.body()).isEqualTo("{\"code\":\"invalid_request\",\"message\":\"petId must be an integer\",\"status\":400}");
            }
        }
    }

    @Test
    void every_end_to_end_test_runs_on_the_context_production_runs_on() {
        // given the suite's test classes that start the service
        JavaClasses tests = testClasses();
        List<JavaClass> started = tests.stream().filter(test -> test.isAnnotatedWith(MicronautTest.class)).toList();

        // then each builds its context as the service does
        assertThat(started).isNotEmpty().allSatisfy(test -> assertThat(test.getAnnotationOfType(MicronautTest.class).contextBuilder())
                .as(test.getName()).containsExactly(Application.ServiceContextBuilder.class));
    }

    @Test
    void every_test_that_starts_the_service_itself_starts_it_as_main_does() {
        // given the suite's test classes, but for this canary (Micronaut's context is what it watches) and a test reading
        // application.yml alone (no bean is made)
        JavaClasses tests = testClasses();
        Set<String> onMicronautsOwn = Set.of(ExceptionHandlerLookupCanaryTest.class.getName(), "org.animalstore.bootstrap.api.OpenApiDocumentSettingsTest");

        // when they start a context or a server themselves (ApplicationContext.run or .builder)
        List<String> onThePlainContext = tests.stream()
                .filter(test -> !onMicronautsOwn.contains(test.getName().replaceFirst("\\$.*", "")))
                .flatMap(test -> test.getMethodCallsFromSelf().stream())
                .filter(call -> call.getTargetOwner().isEquivalentTo(ApplicationContext.class) && Set.of("run", "builder").contains(call.getName()))
                .map(call -> call.getOrigin().getFullName())
                .toList();

        // then none does it on Micronaut's plain context: they go through support.ServiceContexts
        assertThat(onThePlainContext).as("tests starting the service on Micronaut's plain context instead of ServiceContexts").isEmpty();
    }

    /** The suite's test classes, imported once (it takes a while): both rules above read them. */
    private static synchronized JavaClasses testClasses() {
        if (testClasses == null) {
            testClasses = new ClassFileImporter().withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .importPackages("org.animalstore.bootstrap");
        }
        return testClasses;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Optional<BeanDefinition<ExceptionHandler>> handlerOf(ApplicationContext context, Class<? extends Throwable> error) {
        // The lookup Micronaut's RequestLifecycle makes for every error (4.10: onErrorNoFilter, onStatusError).
        return context.findBeanDefinition(ExceptionHandler.class, (io.micronaut.context.Qualifier) Qualifiers.byTypeArgumentsClosest(error, Object.class));
    }
}
