package org.animalstore.bootstrap.fence;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpAttributes;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.authentication.AuthorizationException;
import io.micronaut.security.config.SecurityConfigurationProperties;
import io.micronaut.security.filters.AuthenticationFetcher;
import io.micronaut.security.filters.SecurityFilter;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.security.rules.SecurityRuleResult;
import io.micronaut.web.router.RouteMatch;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The security filter that asks fetchers and rules without Reactor decides as Micronaut's does: which
 * request goes on, which is refused with which status, and what it leaves on the request. End to end,
 * every test of the API's authentication runs through it.
 */
class SecurityWithoutReactorTest {

    private static final Authentication CALLER = Authentication.build("key-1");

    @Test
    void passes_on_a_request_a_rule_allows_with_the_caller_on_it() {
        // given
        MutableHttpRequest<?> request = HttpRequest.GET("/v1/pets");
        SecurityWithoutReactor filter = filter(List.of(fetcherOf(CALLER)), List.of(rule(SecurityRuleResult.UNKNOWN), rule(SecurityRuleResult.ALLOWED)));

        // when
        CompletionStage<Optional<HttpResponse<?>>> decision = filter.authorize(request);

        // then: answered at once, nothing to wait for
        assertThat(decision).isNull();
        assertThat(request.getAttribute(SecurityFilter.AUTHENTICATION)).contains(CALLER);
        assertThat(request.getAttribute(SecurityFilter.KEY)).contains(true);
    }

    @Test
    void refuses_with_401_a_request_without_a_caller_that_a_rule_rejects() {
        // given
        MutableHttpRequest<?> request = HttpRequest.GET("/v1/pets");
        SecurityWithoutReactor filter = filter(List.of(noCaller()), List.of(rule(SecurityRuleResult.REJECTED), rule(SecurityRuleResult.ALLOWED)));

        // when
        Outcome outcome = Outcome.of(filter.authorize(request));

        // then
        assertThat(outcome.error()).isInstanceOf(AuthorizationException.class);
        assertThat(request.getAttribute(SecurityFilter.REJECTION)).contains(HttpStatus.UNAUTHORIZED);
    }

    @Test
    void refuses_with_403_a_known_caller_that_a_rule_rejects() {
        // given
        MutableHttpRequest<?> request = HttpRequest.GET("/v1/pets");
        SecurityWithoutReactor filter = filter(List.of(noCaller(), fetcherOf(CALLER)), List.of(rule(SecurityRuleResult.REJECTED)));

        // when
        Outcome outcome = Outcome.of(filter.authorize(request));

        // then
        assertThat(((AuthorizationException) outcome.error()).getAuthentication()).isEqualTo(CALLER);
        assertThat(request.getAttribute(SecurityFilter.REJECTION)).contains(HttpStatus.FORBIDDEN);
    }

    @Test
    void passes_on_a_request_no_rule_decides_when_it_matched_no_route() {
        // given: reject-not-found off, as the service runs; no route match on the request
        MutableHttpRequest<?> request = HttpRequest.GET("/nowhere");
        SecurityWithoutReactor filter = filter(List.of(noCaller()), List.of(rule(SecurityRuleResult.UNKNOWN)));

        // when
        Outcome outcome = Outcome.of(filter.authorize(request));

        // then
        assertThat(outcome.passed()).isTrue();
    }

    @Test
    void refuses_a_request_to_a_route_that_no_rule_allows() {
        // given
        MutableHttpRequest<?> request = HttpRequest.GET("/v1/pets");
        request.setAttribute(HttpAttributes.ROUTE_MATCH, Proxy.newProxyInstance(RouteMatch.class.getClassLoader(), new Class<?>[] {RouteMatch.class},
                (proxy, method, arguments) -> null));
        SecurityWithoutReactor filter = filter(List.of(noCaller()), List.of(rule(SecurityRuleResult.UNKNOWN)));

        // when
        Outcome outcome = Outcome.of(filter.authorize(request));

        // then
        assertThat(outcome.error()).isInstanceOf(AuthorizationException.class);
        assertThat(request.getAttribute(SecurityFilter.REJECTION)).contains(HttpStatus.UNAUTHORIZED);
    }

    @Test
    void leaves_a_fetcher_that_answers_later_to_a_decision_to_come() {
        // given: the caller arrives on another thread
        MutableHttpRequest<?> request = HttpRequest.GET("/v1/pets");
        AuthenticationFetcher<HttpRequest<?>> later = r -> Mono.just(CALLER).delayElement(Duration.ofMillis(20), Schedulers.parallel());
        SecurityWithoutReactor filter = filter(List.of(later), List.of(rule(SecurityRuleResult.ALLOWED)));

        // when
        Outcome outcome = Outcome.of(filter.authorize(request));

        // then
        assertThat(outcome.passed()).isTrue();
        assertThat(request.getAttribute(SecurityFilter.AUTHENTICATION)).contains(CALLER);
    }

    @Test
    void leaves_a_rule_that_answers_later_to_a_decision_to_come() {
        // given
        MutableHttpRequest<?> request = HttpRequest.GET("/v1/pets");
        SecurityRule<HttpRequest<?>> later = (r, authentication) -> Mono.just(SecurityRuleResult.REJECTED)
                .delayElement(Duration.ofMillis(20), Schedulers.parallel());
        SecurityWithoutReactor filter = filter(List.of(fetcherOf(CALLER)), List.of(rule(SecurityRuleResult.UNKNOWN), later));

        // when
        Outcome outcome = Outcome.of(filter.authorize(request));

        // then
        assertThat(outcome.error()).isInstanceOf(AuthorizationException.class);
        assertThat(request.getAttribute(SecurityFilter.REJECTION)).contains(HttpStatus.FORBIDDEN);
    }

    private static SecurityWithoutReactor filter(List<AuthenticationFetcher<HttpRequest<?>>> fetchers, List<SecurityRule<HttpRequest<?>>> rules) {
        SecurityConfigurationProperties configuration = new SecurityConfigurationProperties();
        configuration.setRejectNotFound(false); // as application.yml sets it
        return new SecurityWithoutReactor(fetchers, rules, configuration);
    }

    private static AuthenticationFetcher<HttpRequest<?>> fetcherOf(Authentication caller) {
        return request -> Publishers.just(caller);
    }

    private static AuthenticationFetcher<HttpRequest<?>> noCaller() {
        return request -> Publishers.empty();
    }

    private static SecurityRule<HttpRequest<?>> rule(SecurityRuleResult result) {
        return (request, authentication) -> Publishers.just(result);
    }

    /** What the filter decided: go on, or the error it refused with. */
    private record Outcome(boolean passed, Throwable error) {

        static Outcome of(CompletionStage<Optional<HttpResponse<?>>> decision) {
            if (decision == null) {
                return new Outcome(true, null);
            }
            try {
                return new Outcome(decision.toCompletableFuture().orTimeout(5, TimeUnit.SECONDS).join().isEmpty(), null);
            } catch (CompletionException e) {
                return new Outcome(false, e.getCause());
            }
        }
    }
}
