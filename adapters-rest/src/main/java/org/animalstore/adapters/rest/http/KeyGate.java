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
 * The one check of a request's API key ({@code Authorization: Bearer <key>}): the {@link ConnectionGuard} asks it of each
 * request head and answers 401 to a keyless one to {@code /v1} (ADR 0044: Micronaut's security cost five times Spring Boot's);
 * the security filter takes the result from the connection ({@link #fetchAuthentication}). Left to Micronaut: the management
 * port, {@code Origin} or {@code Expect}, CORS preflights, escaped URIs. Two credentials are ambiguous: neither counts.
 * Replaces the framework's token fetcher, which resolved each request's host and locale for an event nobody listens to.
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

    /** True when the guard is to answer 401; else the result is left for the security filter. */
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
