package org.animalstore.adapters.rest.http;

import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpUtil;

/**
 * HTTP/1.0 persistent connections (RFC 9112 C.2.2): a client that sends {@code Connection: keep-alive}
 * keeps its connection only if the answer says {@code Connection: keep-alive} too. Micronaut 4 keeps an
 * HTTP/1.0 connection exactly when the answer carries that header, and never adds it, so every HTTP/1.0
 * request (ApacheBench's {@code ab -k}, proxies speaking HTTP/1.0 to their upstream) cost a connection.
 * This filter adds it; Micronaut still closes, and drops the header, when the answer has no length or
 * when it closes for its own reasons. The version is the request line's, which only the Netty request
 * knows: Micronaut's {@code getHttpVersion()} names the connection's protocol, HTTP/1.1 for both.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Requires(property = WorkaroundSwitch.PROPERTY, notEquals = "false")
final class Http10KeepAlive {

    @ResponseFilter
    void sayKeptAlive(HttpRequest<?> request, MutableHttpResponse<?> response) {
        if (request instanceof NettyHttpRequest<?> netty
                && !netty.getNativeRequest().protocolVersion().isKeepAliveDefault()
                && HttpUtil.isKeepAlive(netty.getNativeRequest())) {
            response.getHeaders().set(HttpHeaderNames.CONNECTION.toString(), HttpHeaderValues.KEEP_ALIVE.toString());
        }
    }
}
