package org.animalstore.adapters.rest.ops;

import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.security.rules.SecurityRuleResult;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;

/**
 * Requests to the management port (health, metrics) need no API key: load balancers and scrapers
 * have none. That port carries only the endpoints enabled under {@code endpoints.*}, none of them
 * sensitive, and belongs on the internal network. Every other port keeps the API-key rule.
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
        return Publishers.just(managementPort.received(request) ? SecurityRuleResult.ALLOWED : SecurityRuleResult.UNKNOWN);
    }

    @Override
    public int getOrder() {
        return ORDER;
    }
}
