package org.animalstore.adapters.rest.ops;

import io.micronaut.context.annotation.Value;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.security.rules.SecurityRuleResult;
import jakarta.inject.Singleton;
import java.net.InetSocketAddress;
import org.reactivestreams.Publisher;

/**
 * The management port ({@code endpoints.all.port}, unused when 0 or less): health and metrics, apart from the API,
 * on the internal network. As a security rule: reads there need no API key (load balancers and scrapers have none);
 * anything else there, and every other port, keep the API-key rule. One more request passes: Micronaut answers a URI
 * it cannot parse through a substitute "GET /" without headers, which would get 401 instead of its 400. Every real
 * HTTP/1.1 request has a Host header; the substitute reaches nothing, no route serves "/".
 */
@Singleton
public final class ManagementPort implements SecurityRule<HttpRequest<?>> {

    static final String PROPERTY = "endpoints.all.port";
    /** Before the rules that ask for an API key ({@code @Secured}, the intercept-url map). */
    private static final int ORDER = -500;

    private final int port;

    ManagementPort(@Value("${" + PROPERTY + ":0}") int port) {
        this.port = port;
    }

    /** Whether the request came in on the management port. */
    boolean received(HttpRequest<?> request) {
        InetSocketAddress local = request.getServerAddress();
        return local != null && isManagementPort(local.getPort());
    }

    /** Whether a connection accepted on this local port is the management port's. */
    public boolean isManagementPort(int localPort) {
        return port > 0 && localPort == port;
    }

    @Override
    public Publisher<SecurityRuleResult> check(HttpRequest<?> request, Authentication authentication) {
        boolean read = request.getMethod() == HttpMethod.GET || request.getMethod() == HttpMethod.HEAD;
        boolean substitute = "/".equals(request.getPath()) && !request.getHeaders().contains(HttpHeaders.HOST);
        return Publishers.just(read && received(request) || substitute ? SecurityRuleResult.ALLOWED : SecurityRuleResult.UNKNOWN);
    }

    @Override
    public int getOrder() {
        return ORDER;
    }
}
