package org.animalstore.adapters.rest.http;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import org.animalstore.adapters.rest.ops.RequestMethods;

/**
 * Answers HEAD with the head of the GET answer, as RFC 9110 (9.3.2) asks: same status and headers,
 * {@code Content-Type} and {@code Content-Length} included, and the connection kept open. Micronaut
 * drops both headers for HEAD and, the response then having no length, closes the connection (with
 * whatever was pipelined behind it). So right after the HTTP/1.1 codec a HEAD becomes a GET for
 * Micronaut, and the codec, which recorded HEAD when it decoded the request, writes the answer
 * without its content. Logs still say HEAD ({@link RequestMethods}).
 */
@ChannelHandler.Sharable
final class HeadRequests extends ChannelInboundHandlerAdapter {

    static final HeadRequests AS_GET = new HeadRequests();

    private HeadRequests() {
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object message) {
        if (message instanceof HttpRequest request) {
            request.headers().remove(RequestMethods.HEAD_MARKER);
            if (request.method().equals(HttpMethod.HEAD)) {
                request.setMethod(HttpMethod.GET);
                request.headers().set(RequestMethods.HEAD_MARKER, "1");
            }
        }
        context.fireChannelRead(message);
    }
}
