package org.animalstore.adapters.rest.http;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpResponse;
import jakarta.inject.Singleton;
import org.animalstore.adapters.rest.ops.RequestIds;
import java.util.UUID;

/**
 * An {@code X-Request-Id} on the responses no filter sees, such as the interim {@code 100 Continue}
 * written before {@link RequestObservationFilter} ran: a new id. Sits on the encoder side, right after
 * the HTTP codec. (The refusals of {@link MessageFramingGuard} carry their own.)
 */
@Singleton
final class RequestIdBackstop implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    private static final Backstop BACKSTOP = new Backstop();

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        HttpCodecNeighbours.register(event.getBean(), (pipeline, codec) -> pipeline.addAfter(codec, "request-id-backstop", BACKSTOP));
        return event.getBean();
    }

    @ChannelHandler.Sharable
    private static final class Backstop extends ChannelOutboundHandlerAdapter {
        @Override
        public void write(ChannelHandlerContext context, Object message, ChannelPromise promise) {
            if (message instanceof HttpResponse response && !response.headers().contains(RequestIds.HEADER)) {
                response.headers().set(RequestIds.HEADER, UUID.randomUUID().toString());
            }
            context.write(message, promise);
        }
    }
}
