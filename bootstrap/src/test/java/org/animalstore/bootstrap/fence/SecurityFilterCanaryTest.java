package org.animalstore.bootstrap.fence;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.context.ApplicationContext;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.filter.HttpServerFilter;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.config.SecurityConfigurationProperties;
import io.micronaut.security.filters.AuthenticationFetcher;
import io.micronaut.security.filters.SecurityFilter;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.security.rules.SecurityRuleResult;
import java.util.List;
import java.util.Map;
import org.animalstore.adapters.rest.http.WorkaroundSwitch;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;

/**
 * Canary and proof of the workaround SecurityWithoutReactor (docs/framework-workarounds.md, Beside the fence):
 * Micronaut's security filter is a legacy filter, after which Micronaut runs the rest of the request in Reactor, and it
 * answers through Reactor operators even when every fetcher and rule answers at once, so the service puts its own in
 * its place.
 */
class SecurityFilterCanaryTest {

    @Test
    void micronauts_security_filter_goes_through_reactor_for_answers_given_at_once() {
        // given: a caller known at once and a rule that allows at once
        AuthenticationFetcher<HttpRequest<?>> fetcher = request -> Publishers.just(Authentication.build("key-1"));
        SecurityRule<HttpRequest<?>> rule = (request, authentication) -> Publishers.just(SecurityRuleResult.ALLOWED);
        SecurityFilter micronauts = new SecurityFilter(List.of(rule), List.of(fetcher), new SecurityConfigurationProperties());
        MutableHttpResponse<?> answer = HttpResponse.ok();

        // when
        Publisher<MutableHttpResponse<?>> filtered = micronauts.doFilter(HttpRequest.GET("/v1/pets"), request -> Publishers.just(answer));

        // then
        assertThat(filtered.getClass().getPackageName())
                .as("Micronaut's SecurityFilter no longer builds a Reactor chain for immediate answers: delete SecurityWithoutReactor")
                .startsWith("reactor.");
    }

    @Test
    void micronauts_security_filter_is_a_legacy_filter_whose_followers_run_in_reactor() {
        assertThat(HttpServerFilter.class.isAssignableFrom(SecurityFilter.class))
                .as("Micronaut's SecurityFilter is no longer a legacy HttpServerFilter: delete SecurityWithoutReactor")
                .isTrue();
    }

    @Test
    void the_service_runs_its_security_filter_in_place_of_micronauts() {
        try (ApplicationContext context = ServiceContexts.context(Map.of(), "test")) {
            assertThat(context.findBean(SecurityFilter.class)).isEmpty();
            assertThat(context.findBean(SecurityWithoutReactor.class)).isPresent();
        }
    }

    @Test
    void the_workaround_switch_gives_micronauts_own_security_filter_back() {
        try (ApplicationContext context = ServiceContexts.context(Map.of(WorkaroundSwitch.PROPERTY, "false"), "test")) {
            assertThat(context.getBean(SecurityFilter.class).getClass()).isEqualTo(SecurityFilter.class);
            assertThat(context.findBean(SecurityWithoutReactor.class)).isEmpty();
        }
    }
}
