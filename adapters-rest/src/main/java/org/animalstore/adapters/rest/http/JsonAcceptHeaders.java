package org.animalstore.adapters.rest.http;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import java.util.List;

/**
 * Puts {@link JsonAcceptance} in front of Micronaut's router: the {@code Accept} header of each
 * request to {@code /v1} is rewritten to what the router reads right. It has to happen below
 * Micronaut: the router matches a route against {@code Accept} before any filter runs.
 */
@ChannelHandler.Sharable
final class JsonAcceptHeaders extends ChannelInboundHandlerAdapter {

    static final JsonAcceptHeaders NORMALIZER = new JsonAcceptHeaders();

    private JsonAcceptHeaders() {
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object message) {
        if (message instanceof HttpRequest request && isApiPath(request.uri())) {
            String accept = request.headers().get(HttpHeaderNames.ACCEPT);
            if (accept != null) {
                List<String> lines = request.headers().getAll(HttpHeaderNames.ACCEPT);
                JsonAcceptance.normalize(lines.size() == 1 ? accept : String.join(", ", lines))
                        .ifPresent(normalized -> request.headers().set(HttpHeaderNames.ACCEPT, normalized));
            }
        }
        context.fireChannelRead(message);
    }

    /** The API's routes; the OpenAPI document and Swagger UI negotiate other types. */
    private static boolean isApiPath(String uri) {
        return uri.startsWith("/v1/") || uri.startsWith("/v1?") || uri.equals("/v1");
    }
}
