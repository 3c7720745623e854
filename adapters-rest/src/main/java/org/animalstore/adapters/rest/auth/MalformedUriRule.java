package org.animalstore.adapters.rest.auth;

import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.ConfigurationInterceptUrlMapRule;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.security.rules.SecurityRuleResult;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;

/**
 * Micronaut answers a request whose URI cannot be parsed (a bad percent-escape, say) through a
 * bare substitute "GET /" that carries no headers at all, so it would always look anonymous and get
 * 401. Every real HTTP/1.1 request has a Host header; the substitute alone is let through, so the
 * client learns its URI is malformed (400). It reaches nothing: no route serves "/".
 */
@Singleton
final class MalformedUriRule implements SecurityRule<HttpRequest<?>> {

    @Override
    public Publisher<SecurityRuleResult> check(HttpRequest<?> request, Authentication authentication) {
        boolean substitute = request != null
                && "/".equals(request.getPath())
                && !request.getHeaders().contains(HttpHeaders.HOST);
        return Publishers.just(substitute ? SecurityRuleResult.ALLOWED : SecurityRuleResult.UNKNOWN);
    }

    @Override
    public int getOrder() {
        return ConfigurationInterceptUrlMapRule.ORDER - 100;
    }
}
