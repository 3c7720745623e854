package org.animalstore.adapters.rest.error;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.micronaut.json.JsonMapper;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The framework answers an over-long request line or header block with a bare 413, as if the body
 * were too large. This answers them as what they are, 414 and 431, with the Error body, and closes
 * the connection (the rest of the request cannot be trusted to be framed correctly).
 */
@Singleton
final class OversizedRequestHeadCustomizer implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    private final byte[] uriTooLong;
    private final byte[] headersTooLarge;

    OversizedRequestHeadCustomizer(JsonMapper json) {
        this.uriTooLong = serialize(json, ErrorResponse.of(ErrorCode.URI_TOO_LONG, "The request URI is too long"));
        this.headersTooLarge = serialize(json, ErrorResponse.of(ErrorCode.HEADERS_TOO_LARGE, "The request headers are too large"));
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        event.getBean().register(new Customizer(null));
        return event.getBean();
    }

    private final class Customizer implements NettyServerCustomizer {
        private final Channel channel;

        Customizer(Channel channel) {
            this.channel = channel;
        }

        @Override
        public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
            return new Customizer(channel);
        }

        @Override
        public void onStreamPipelineBuilt() {
            ChannelPipeline pipeline = channel.pipeline();
            for (String decoder : new String[] {ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, ChannelPipelineCustomizer.HANDLER_HTTP_DECODER}) {
                if (pipeline.get(decoder) != null) {
                    pipeline.addAfter(decoder, "oversized-request-head", new Handler());
                    return;
                }
            }
        }
    }

    private final class Handler extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext context, Object message) {
            if (message instanceof HttpRequest request && request.decoderResult().isFailure()) {
                Throwable cause = request.decoderResult().cause();
                if (cause instanceof TooLongHttpLineException) {
                    reply(context, message, HttpResponseStatus.REQUEST_URI_TOO_LONG, uriTooLong);
                    return;
                }
                if (cause instanceof TooLongHttpHeaderException) {
                    reply(context, message, HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, headersTooLarge);
                    return;
                }
            }
            context.fireChannelRead(message);
        }

        @Override
        public boolean isSharable() {
            return false;
        }
    }

    private static void reply(ChannelHandlerContext context, Object request, HttpResponseStatus status, byte[] body) {
        ReferenceCountUtil.release(request);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        context.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }

    private static byte[] serialize(JsonMapper json, ErrorResponse error) {
        try {
            return json.writeValueAsBytes(error);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
