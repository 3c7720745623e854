package org.animalstore.adapters.rest.http;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpMethod;
import jakarta.inject.Singleton;

/**
 * Answers HEAD with the head of the GET answer, as RFC 9110 (9.3.2) asks: same status and headers,
 * {@code Content-Type} and {@code Content-Length} included, and the connection kept open. Micronaut
 * drops both headers for HEAD and, the response then having no length, closes the connection (with
 * whatever was pipelined behind it). So right after the HTTP/1.1 codec a HEAD becomes a GET for
 * Micronaut, and the codec, which recorded HEAD when it decoded the request, writes the answer
 * without its content.
 */
@Singleton
public final class HeadRequests implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    /** Set on a request that arrived as HEAD; removed from whatever a client sends, so it cannot be forged. */
    private static final String MARKER = "X-Animalstore-Head-Request";
    private static final AsGet AS_GET = new AsGet();

    /** The method the client used: HEAD for a request this handler handed on as GET. */
    public static String methodOf(HttpRequest<?> request) {
        return request.getHeaders().contains(MARKER) ? HttpMethod.HEAD.name() : request.getMethodName();
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        HttpCodecNeighbours.register(event.getBean(), (pipeline, codec) -> {
            // Only the combined HTTP/1.1 codec remembers each request's method for its encoder.
            if (codec.equals(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC)) {
                pipeline.addAfter(codec, "head-as-get", AS_GET);
            }
        });
        return event.getBean();
    }

    @ChannelHandler.Sharable
    private static final class AsGet extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext context, Object message) {
            if (message instanceof io.netty.handler.codec.http.HttpRequest request) {
                request.headers().remove(MARKER);
                if (request.method().equals(HttpMethod.HEAD)) {
                    request.setMethod(HttpMethod.GET);
                    request.headers().set(MARKER, "1");
                }
            }
            context.fireChannelRead(message);
        }
    }
}
