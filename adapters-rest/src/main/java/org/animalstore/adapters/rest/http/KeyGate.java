package org.animalstore.adapters.rest.http;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.filters.AuthenticationFetcher;
import io.micronaut.security.token.TokenAuthenticationFetcher;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.AttributeKey;
import jakarta.inject.Singleton;
import java.net.InetSocketAddress;
import java.util.List;
import org.animalstore.adapters.rest.auth.ApiKeys;
import org.animalstore.adapters.rest.ops.ManagementPort;
import org.reactivestreams.Publisher;

/**
 * The one check of a request's API key ({@code Authorization: Bearer <key>}, the caller known by the
 * key's label), made as early as possible. The {@link ConnectionGuard} asks it of every request head
 * it passes on, and answers 401 itself to a request to the API ({@code /v1}) without a configured key:
 * refused by Micronaut's security filter, such a request cost five times what a Spring Boot service
 * pays (ADR 0044). The result is left on the connection for the request it belongs to, where the
 * security filter takes it ({@link #fetchAuthentication}) without checking the key again; a request
 * the guard did not see (the fence switched off) is checked there. Left to Micronaut, which answers
 * them alike: the management port, requests from web pages ({@code Origin}: their origin is checked
 * first), CORS preflights ({@code OPTIONS}), URIs with escapes (one that does not decode is a 400
 * there) and {@code Expect: 100-continue}. The scheme name is case-insensitive and may be followed by
 * several spaces (RFC 9110, 11); two credentials in one request are ambiguous (a proxy may forward
 * either), so neither counts. Replaces the framework's token fetcher, which also resolved the host and
 * locale on every request for an event nobody here listens to.
 */
@Singleton
@Replaces(TokenAuthenticationFetcher.class)
final class KeyGate implements AuthenticationFetcher<io.micronaut.http.HttpRequest<?>> {

    private static final String API = "/v1";
    private static final String SCHEME = "Bearer";
    private static final AttributeKey<Checked> CHECKED = AttributeKey.valueOf(KeyGate.class, "checked");

    /** The key label (null: none) of the request the connection passed on last. */
    private record Checked(HttpRequest request, @Nullable String label) {
    }

    private final ApiKeys keys;
    private final ManagementPort managementPort;

    KeyGate(ApiKeys keys, ManagementPort managementPort) {
        this.keys = keys;
        this.managementPort = managementPort;
    }

    /**
     * Checks the request's key: true when the guard is to answer 401; else the result is left for the security
     * filter (a refused request the guard passes on all the same, behind an unanswered one, is checked there).
     */
    boolean refuses(Channel channel, HttpRequest request) {
        String label = keyLabel(request.headers().getAll(HttpHeaderNames.AUTHORIZATION));
        String uri = request.uri();
        if (label == null
                && isApi(uri)
                && uri.indexOf('%') < 0
                && !request.method().equals(HttpMethod.OPTIONS)
                && !request.headers().contains(HttpHeaderNames.ORIGIN)
                && !request.headers().contains(HttpHeaderNames.EXPECT)
                && !(channel.localAddress() instanceof InetSocketAddress local && managementPort.isManagementPort(local.getPort()))) {
            return true;
        }
        channel.attr(CHECKED).set(new Checked(request, label));
        return false;
    }

    @Override
    public Publisher<Authentication> fetchAuthentication(io.micronaut.http.HttpRequest<?> request) {
        String label = request instanceof NettyHttpRequest<?> netty
                && netty.getChannelHandlerContext().channel().attr(CHECKED).get() instanceof Checked checked
                && checked.request() == netty.getNativeRequest()
                ? checked.label()
                : keyLabel(request.getHeaders().getAll(io.micronaut.http.HttpHeaders.AUTHORIZATION));
        return label == null ? Publishers.empty() : Publishers.just(Authentication.build(label));
    }

    /** {@code /v1}, or a path or query below it; not {@code /v1x}. */
    static boolean isApi(String uri) {
        return uri.startsWith(API) && (uri.length() == API.length() || "/?#".indexOf(uri.charAt(API.length())) >= 0);
    }

    /** The label of the configured key the {@code Authorization} field lines present; null for none, two or a malformed one. */
    private @Nullable String keyLabel(List<String> authorization) {
        String key = authorization.size() == 1 ? bearerToken(authorization.getFirst()) : null;
        return key == null ? null : keys.labelOf(key).orElse(null);
    }

    private static @Nullable String bearerToken(String authorization) {
        if (authorization.length() <= SCHEME.length()
                || !authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length())
                || authorization.charAt(SCHEME.length()) != ' ') {
            return null;
        }
        String token = authorization.substring(SCHEME.length()).strip();
        return token.isEmpty() || token.contains(" ") ? null : token;
    }
}
