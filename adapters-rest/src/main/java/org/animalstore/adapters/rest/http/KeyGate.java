package org.animalstore.adapters.rest.http;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import java.net.InetSocketAddress;
import org.animalstore.adapters.rest.auth.ApiKeyCheck;
import org.animalstore.adapters.rest.ops.ManagementPort;

/**
 * Which requests the {@link ConnectionGuard} turns away with 401 itself: those to the API ({@code /v1})
 * that present no configured key ({@link ApiKeyCheck}, the security filter's own rule). Refused by
 * Micronaut's security filter, such a request costs five times what a Spring Boot service pays, so a
 * flood of them was cheaper to send than to refuse. Left to Micronaut, which answers them alike: the
 * management port, requests from web pages ({@code Origin}: their origin is checked first) and CORS
 * preflights ({@code OPTIONS}), URIs with escapes (one that does not decode is a
 * 400 there), and {@code Expect: 100-continue}.
 */
final class KeyGate {

    private static final String API = "/v1";

    private final ApiKeyCheck keys;
    private final ManagementPort managementPort;

    KeyGate(ApiKeyCheck keys, ManagementPort managementPort) {
        this.keys = keys;
        this.managementPort = managementPort;
    }

    boolean refuses(Channel channel, HttpRequest request) {
        String uri = request.uri();
        return isApi(uri)
                && uri.indexOf('%') < 0
                && !request.method().equals(HttpMethod.OPTIONS)
                && !request.headers().contains(HttpHeaderNames.ORIGIN)
                && !request.headers().contains(HttpHeaderNames.EXPECT)
                && !(channel.localAddress() instanceof InetSocketAddress local && managementPort.isManagementPort(local.getPort()))
                && keys.keyLabel(request.headers().getAll(HttpHeaderNames.AUTHORIZATION)) == null;
    }

    /** {@code /v1}, or a path or query below it; not {@code /v1x}. */
    static boolean isApi(String uri) {
        return uri.startsWith(API) && (uri.length() == API.length() || "/?#".indexOf(uri.charAt(API.length())) >= 0);
    }
}
