package org.animalstore.adapters.rest.http;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Keeps responses in registered content codings. Micronaut's compressor (copied from Netty's) answers
 * {@code Accept-Encoding: *} with {@code snappy}, a coding no HTTP client or proxy decodes, and would pick
 * {@code br} or {@code zstd} if their libraries ever came on the class path. So before Micronaut sees a
 * request, its {@code Accept-Encoding} is reduced to what this service answers in, gzip and deflate:
 * {@code *} becomes each of them the client did not name, with its weight; every other coding goes.
 */
@ChannelHandler.Sharable
final class RegisteredCodings extends ChannelInboundHandlerAdapter {

    static final RegisteredCodings ONLY = new RegisteredCodings();

    private RegisteredCodings() {
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object message) {
        if (message instanceof HttpRequest request) {
            HttpHeaders headers = request.headers();
            List<String> lines = headers.getAll(HttpHeaderNames.ACCEPT_ENCODING);
            if (!lines.isEmpty()) {
                String registered = registered(lines);
                if (registered.isEmpty()) {
                    headers.remove(HttpHeaderNames.ACCEPT_ENCODING);
                } else {
                    headers.set(HttpHeaderNames.ACCEPT_ENCODING, registered);
                }
            }
        }
        context.fireChannelRead(message);
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
