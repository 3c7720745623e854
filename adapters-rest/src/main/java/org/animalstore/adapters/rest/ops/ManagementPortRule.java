package org.animalstore.adapters.rest.ops;

import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.security.rules.SecurityRuleResult;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;

/**
 * Reads on the management port (health, metrics, info) need no API key: load balancers and scrapers
 * have none. That port carries only the endpoints enabled under {@code endpoints.*} and belongs on the
 * internal network. Anything else there (forgetting the cache) and every other port keep the API-key rule.
 */
@Singleton
final class ManagementPortRule implements SecurityRule<HttpRequest<?>> {

    /** Before the intercept-url-map rule (-100), which asks every path for an API key. */
    private static final int ORDER = -500;

    private final ManagementPort managementPort;

    ManagementPortRule(ManagementPort managementPort) {
        this.managementPort = managementPort;
    }

    @Override
    public Publisher<SecurityRuleResult> check(HttpRequest<?> request, Authentication authentication) {
        boolean read = request.getMethod() == HttpMethod.GET || request.getMethod() == HttpMethod.HEAD;
        return Publishers.just(read && managementPort.received(request) ? SecurityRuleResult.ALLOWED : SecurityRuleResult.UNKNOWN);
    }

    @Override
    public int getOrder() {
        return ORDER;
    }
}
