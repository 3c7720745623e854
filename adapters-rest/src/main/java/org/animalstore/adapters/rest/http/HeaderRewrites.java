package org.animalstore.adapters.rest.http;

import io.micronaut.context.annotation.Requires;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.animalstore.adapters.rest.ops.Requests;

/**
 * Rewrites, after the guard, the few headers Micronaut answers wrongly from (one lookup each). <b>HEAD as GET</b>: Micronaut
 * drops the length of an answer to HEAD and closes (RFC 9110 9.3.2), so it gets a GET marked {@link Requests#HEAD_MARKER}
 * (a client's is removed), and the codec, which recorded HEAD, drops the content. <b>Registered codings</b>: Micronaut
 * answers {@code Accept-Encoding: *} in snappy, so gzip and deflate are all it sees, {@code *} giving its weight to each not
 * named. <b>Plain application/json</b>: Micronaut copies {@code Accept} parameters ({@code ;q=0.9}) onto an untyped answer.
 */
@ChannelHandler.Sharable
final class HeaderRewrites extends ChannelDuplexHandler {

    static final HeaderRewrites ALL = new HeaderRewrites();

    private static final String JSON = HttpHeaderValues.APPLICATION_JSON.toString();

    private HeaderRewrites() {
    }

    /**
     * HTTP/1.0 keep-alive (RFC 9112 C.2.2): Micronaut keeps such a connection only when its answer says so, and never says it.
     * A filter, as Micronaut decides before the answer reaches the pipeline; Micronaut still closes an answer without length.
     */
    @ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
    @Requires(property = WorkaroundSwitch.PROPERTY, notEquals = "false")
    static final class Http10KeepAlive {
        @ResponseFilter
        void sayKeptAlive(io.micronaut.http.HttpRequest<?> request, MutableHttpResponse<?> response) {
            if (request instanceof NettyHttpRequest<?> netty
                    && !netty.getNativeRequest().protocolVersion().isKeepAliveDefault()
                    && HttpUtil.isKeepAlive(netty.getNativeRequest())) {
                response.getHeaders().set(HttpHeaderNames.CONNECTION.toString(), HttpHeaderValues.KEEP_ALIVE.toString());
            }
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object message) {
        if (message instanceof HttpRequest request) {
            HttpHeaders headers = request.headers();
            headers.remove(Requests.HEAD_MARKER);
            if (request.method().equals(HttpMethod.HEAD)) {
                request.setMethod(HttpMethod.GET);
                headers.set(Requests.HEAD_MARKER, "1");
            }
            List<String> accepted = headers.getAll(HttpHeaderNames.ACCEPT_ENCODING);
            if (!accepted.isEmpty()) {
                String registered = registered(accepted);
                if (registered.isEmpty()) {
                    headers.remove(HttpHeaderNames.ACCEPT_ENCODING);
                } else {
                    headers.set(HttpHeaderNames.ACCEPT_ENCODING, registered);
                }
            }
        }
        context.fireChannelRead(message);
    }

    @Override
    public void write(ChannelHandlerContext context, Object message, ChannelPromise promise) {
        if (message instanceof HttpResponse response) {
            String type = response.headers().get(HttpHeaderNames.CONTENT_TYPE);
            if (type != null && !type.equals(JSON) && type.regionMatches(true, 0, JSON, 0, JSON.length())
                    && (type.length() == JSON.length() || " \t;".indexOf(type.charAt(JSON.length())) >= 0)) {
                response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
            }
        }
        context.write(message, promise);
    }

    /** The field lines of an {@code Accept-Encoding} reduced to gzip and deflate, each with its weight. */
    static String registered(List<String> lines) {
        Map<String, String> weights = new LinkedHashMap<>();
        String star = null;
        for (String element : FramingRules.elements(lines).toList()) {
            int semicolon = element.indexOf(';');
            String coding = (semicolon < 0 ? element : element.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
            String weight = semicolon < 0 ? "" : ";" + element.substring(semicolon + 1).trim();
            switch (coding) {
                case "gzip", "x-gzip" -> weights.putIfAbsent("gzip", weight);
                case "deflate" -> weights.putIfAbsent("deflate", weight);
                case "*" -> star = weight;
                default -> { } // identity needs no mention; anything else is not ours to answer in
            }
        }
        if (star != null) {
            weights.putIfAbsent("gzip", star);
            weights.putIfAbsent("deflate", star);
        }
        StringBuilder result = new StringBuilder();
        weights.forEach((coding, weight) -> result.append(result.isEmpty() ? "" : ", ").append(coding).append(weight));
        return result.toString();
    }
}
