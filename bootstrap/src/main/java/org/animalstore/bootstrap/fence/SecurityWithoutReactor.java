package org.animalstore.bootstrap.fence;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpAttributes;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Filter;
import io.micronaut.http.filter.ServerFilterChain;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.authentication.AuthorizationException;
import io.micronaut.security.config.SecurityConfiguration;
import io.micronaut.security.filters.AuthenticationFetcher;
import io.micronaut.security.filters.SecurityFilter;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.security.rules.SecurityRuleResult;
import io.micronaut.web.router.RouteMatch;
import java.util.Collection;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * Workaround (docs/framework-workarounds/beside-the-fence.md): Micronaut's security filter asks the
 * authentication fetchers and the security rules through a chain of about fifteen Reactor operators on
 * every request, though each of them here answers at once; Reactor's frames were the innermost in about
 * 15 % of the CPU samples of a lookup answered from memory. This filter asks them in turn, with the same outcome and the same request
 * attributes, and hands a request to Micronaut's own reactive chain when any of them does not answer at once.
 * Waits for micronaut-security #1526 ("not engage any reactive filtering when all the filters are non-reactive", left
 * for the next major version); {@code SecurityFilterCanaryTest} tells when it can go.
 */
@Filter("${micronaut.security.filter.pattern:/**}")
@Replaces(SecurityFilter.class)
@Requires(property = "micronaut.security.filter.enabled", notEquals = "false")
@Requires(property = Workarounds.SWITCH, notEquals = "false")
final class SecurityWithoutReactor extends SecurityFilter {

    SecurityWithoutReactor(Collection<SecurityRule<HttpRequest<?>>> securityRules,
                           Collection<AuthenticationFetcher<HttpRequest<?>>> authenticationFetchers,
                           SecurityConfiguration securityConfiguration) {
        super(securityRules, authenticationFetchers, securityConfiguration);
    }

    @Override
    public Publisher<MutableHttpResponse<?>> doFilter(HttpRequest<?> request, ServerFilterChain chain) {
        Authentication authentication = null;
        for (AuthenticationFetcher<HttpRequest<?>> fetcher : authenticationFetchers) {
            Immediate<Authentication> fetched = Immediate.of(fetcher.fetchAuthentication(request));
            if (fetched == null) {
                return super.doFilter(request, chain);
            }
            if (fetched.value != null) {
                authentication = fetched.value;
                break;
            }
        }
        request.getAttributes().put(KEY, true);
        request.setAttribute(AUTHENTICATION, authentication);
        SecurityRuleResult result = SecurityRuleResult.UNKNOWN;
        for (SecurityRule<HttpRequest<?>> rule : securityRules) {
            Immediate<SecurityRuleResult> checked = Immediate.of(rule.check(request, authentication));
            if (checked == null) {
                return checkRules(request, chain, authentication);
            }
            if (checked.value != null && checked.value != SecurityRuleResult.UNKNOWN) {
                result = checked.value;
                break;
            }
        }
        if (result == SecurityRuleResult.ALLOWED
                || result == SecurityRuleResult.UNKNOWN && !securityConfiguration.isRejectNotFound()
                        && request.getAttribute(HttpAttributes.ROUTE_MATCH, RouteMatch.class).isEmpty()) {
            return chain.proceed(request);
        }
        request.setAttribute(REJECTION, authentication == null ? HttpStatus.UNAUTHORIZED : HttpStatus.FORBIDDEN);
        return Publishers.just(new AuthorizationException(authentication));
    }

    /** What a publisher gives during {@code subscribe}: its first item ({@code value}), or nothing when it completes empty. */
    private static final class Immediate<T> implements Subscriber<T> {
        private Subscription subscription;
        private T value;
        private boolean done;
        private boolean failed;

        /** The publisher's answer, or null when it did not finish during {@code subscribe} (or failed): it is then cancelled. */
        static <T> @Nullable Immediate<T> of(Publisher<T> publisher) {
            Immediate<T> answer = new Immediate<>();
            publisher.subscribe(answer);
            if (answer.done && !answer.failed) {
                return answer;
            }
            if (answer.subscription != null) {
                answer.subscription.cancel();
            }
            return null;
        }

        @Override
        public void onSubscribe(Subscription s) {
            subscription = s;
            s.request(1);
        }

        @Override
        public void onNext(T item) {
            if (!done) {
                value = item;
                done = true;
                subscription.cancel();
            }
        }

        @Override
        public void onError(Throwable error) {
            failed = !done;
            done = true;
        }

        @Override
        public void onComplete() {
            done = true;
        }
    }
}
