package org.animalstore.adapters.rest.http;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.animalstore.adapters.rest.ops.Requests;

/**
 * Rewrites, right after the guard, the few headers Micronaut answers wrongly from; one header lookup each.
 * <ul>
 * <li><b>HEAD as GET</b> (RFC 9110 9.3.2): Micronaut drops {@code Content-Type} and {@code Content-Length} for HEAD
 * and, the response then having no length, closes the connection with whatever was pipelined behind it. So a HEAD
 * becomes a GET for Micronaut, marked with {@link Requests#HEAD_MARKER} (removed from whatever a client sends,
 * so logs still say HEAD), and the codec, which recorded HEAD when it decoded the request, drops the content.</li>
 * <li><b>Registered codings</b>: Micronaut's compressor (copied from Netty's) answers {@code Accept-Encoding: *} with
 * {@code snappy}, which no HTTP client or proxy decodes, and would pick {@code br} or {@code zstd} the day their
 * libraries came on the class path. So {@code Accept-Encoding} is reduced to gzip and deflate: {@code *} becomes
 * each of them the client did not name, with its weight; every other coding goes.</li>
 * <li><b>Plain {@code application/json}</b> (outgoing): an answer whose route set no Content-Type gets the first
 * media type of the request's {@code Accept}, parameters and all ({@code RouteExecutor.resolveDefaultResponseContentType}):
 * {@code application/json;q=0.9}, a weight where a media type's parameters go (RFC 9110 12.5.1). JSON has none
 * (RFC 8259 11), so whatever follows the type goes.</li>
 * </ul>
 */
@ChannelHandler.Sharable
final class HeaderRewrites extends ChannelDuplexHandler {

    static final HeaderRewrites ALL = new HeaderRewrites();

    private static final String JSON = HttpHeaderValues.APPLICATION_JSON.toString();

    private HeaderRewrites() {
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
        for (String line : lines) {
            for (String element : line.split(",")) {
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
