package org.animalstore.bootstrap.fence;

import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.annotation.Order;
import io.micronaut.http.HttpAttributes;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.authentication.AuthorizationException;
import io.micronaut.security.config.SecurityConfiguration;
import io.micronaut.security.filters.AuthenticationFetcher;
import io.micronaut.security.filters.SecurityFilter;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.security.rules.SecurityRuleResult;
import io.micronaut.web.router.RouteMatch;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * Workaround (docs/framework-workarounds/beside-the-fence.md): Micronaut's {@link SecurityFilter} is a legacy
 * {@code HttpServerFilter}, and Micronaut runs whatever follows a legacy filter (the other filters, the route, the
 * answer) inside Reactor operators: a third of the CPU samples of a keyed request. This method filter takes its place
 * in the chain ({@link ExceptionHandlersRemembered} turns Micronaut's off) and asks the same fetchers and rules in the
 * same order, with the same outcome and request attributes; a publisher that answers at once costs no Reactor at all.
 * Waits for micronaut-security #1526; {@code SecurityFilterCanaryTest} tells when it can go.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Order(SecurityWithoutReactor.ORDER)
@Requires(property = Workarounds.SWITCH, notEquals = "false")
final class SecurityWithoutReactor {

    /** Where Micronaut's security filter runs ({@code ServerFilterPhase.SECURITY}). */
    static final int ORDER = 39_000;

    private final List<AuthenticationFetcher<HttpRequest<?>>> fetchers;
    private final List<SecurityRule<HttpRequest<?>>> rules;
    private final boolean rejectNotFound;

    SecurityWithoutReactor(List<AuthenticationFetcher<HttpRequest<?>>> fetchers, List<SecurityRule<HttpRequest<?>>> rules,
                           SecurityConfiguration configuration) {
        this.fetchers = fetchers;
        this.rules = rules;
        this.rejectNotFound = configuration.isRejectNotFound();
    }

    /** Null (go on) when every fetcher and rule answered at once and allowed; else the refusal or the decision to come. */
    @RequestFilter
    @Nullable
    CompletionStage<Optional<HttpResponse<?>>> authorize(HttpRequest<?> request) {
        CompletableFuture<Optional<AuthorizationException>> refusal = caller(request, 0).thenCompose(caller -> {
            request.setAttribute(SecurityFilter.KEY, true);
            request.setAttribute(SecurityFilter.AUTHENTICATION, caller.orElse(null));
            return ruling(request, caller.orElse(null), 0).thenApply(result -> refusal(request, caller.orElse(null), result));
        });
        if (refusal.isDone() && !refusal.isCompletedExceptionally() && refusal.join().isEmpty()) {
            return null;
        }
        return refusal.thenApply(refused -> {
            if (refused.isPresent()) {
                throw refused.get(); // Micronaut's security answers it: 401 or 403, as after its own filter
            }
            return Optional.empty();
        });
    }

    /** The first caller a fetcher names, from the {@code index}th on. */
    private CompletableFuture<Optional<Authentication>> caller(HttpRequest<?> request, int index) {
        if (index == fetchers.size()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        return first(fetchers.get(index).fetchAuthentication(request))
                .thenCompose(caller -> caller.isPresent() ? CompletableFuture.completedFuture(caller) : caller(request, index + 1));
    }

    /** The first rule's result other than UNKNOWN, from the {@code index}th on. */
    private CompletableFuture<SecurityRuleResult> ruling(HttpRequest<?> request, @Nullable Authentication caller, int index) {
        if (index == rules.size()) {
            return CompletableFuture.completedFuture(SecurityRuleResult.UNKNOWN);
        }
        return first(rules.get(index).check(request, caller)).thenCompose(result -> result.isEmpty() || result.get() == SecurityRuleResult.UNKNOWN
                ? ruling(request, caller, index + 1) : CompletableFuture.completedFuture(result.get()));
    }

    /** As Micronaut's filter decides: what no rule allows is refused, but an unrouted request may go on to its 404. */
    private Optional<AuthorizationException> refusal(HttpRequest<?> request, @Nullable Authentication caller, SecurityRuleResult result) {
        if (result == SecurityRuleResult.ALLOWED || result == SecurityRuleResult.UNKNOWN && !rejectNotFound
                && request.getAttribute(HttpAttributes.ROUTE_MATCH, RouteMatch.class).isEmpty()) {
            return Optional.empty();
        }
        request.setAttribute(SecurityFilter.REJECTION, caller == null ? HttpStatus.UNAUTHORIZED : HttpStatus.FORBIDDEN);
        return Optional.of(new AuthorizationException(caller));
    }

    /** A publisher's first item (empty when it completes without one), complete at once when the publisher answers at once. */
    private static <T> CompletableFuture<Optional<T>> first(Publisher<T> publisher) {
        CompletableFuture<Optional<T>> first = new CompletableFuture<>();
        publisher.subscribe(new Subscriber<T>() {
            private Subscription subscription;

            @Override
            public void onSubscribe(Subscription s) {
                subscription = s;
                s.request(1);
            }

            @Override
            public void onNext(T item) {
                if (first.complete(Optional.of(item))) {
                    subscription.cancel();
                }
            }

            @Override
            public void onError(Throwable error) {
                first.completeExceptionally(error);
            }

            @Override
            public void onComplete() {
                first.complete(Optional.empty());
            }
        });
        return first;
    }
}
