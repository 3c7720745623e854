package org.animalstore.adapters.rest.http;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.micronaut.json.JsonMapper;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.LastHttpContent;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Date;
import java.util.UUID;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.adapters.rest.error.ErrorResponse;
import org.animalstore.adapters.rest.ops.RequestIds;

/**
 * A deadline for receiving each request, head and body. The idle timeout restarts with every byte,
 * so a client trickling its request (slowloris) would hold its connection for ever; from the first
 * byte of a request, the whole of it must arrive within {@code petstore.request-receive-timeout}
 * (default 10 s), or the client gets 408 and the connection is closed.
 */
@Singleton
@Requires(property = "petstore.request-receive-timeout", notEquals = "0s")
final class SlowClientGuard implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    /** {@code petstore.request-receive-timeout}, environment variable {@code PETSTORE_REQUEST_RECEIVE_TIMEOUT}. */
    @ConfigurationProperties("petstore")
    record Settings(@Nullable Duration requestReceiveTimeout) {
        Duration timeout() {
            return requestReceiveTimeout == null ? Duration.ofSeconds(10) : requestReceiveTimeout;
        }
    }

    private final long timeoutNanos;
    private final byte[] timeoutBody;

    SlowClientGuard(Settings settings, JsonMapper json) {
        this.timeoutNanos = settings.timeout().toNanos();
        try {
            this.timeoutBody = json.writeValueAsBytes(ErrorResponse.of(ErrorCode.REQUEST_TIMEOUT,
                    "The request did not arrive within " + settings.timeout().toSeconds() + " s"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Raw bytes: the guard sits in front of the HTTP codec, where no response object can be encoded. */
    private byte[] timeoutResponse() {
        byte[] head = ("HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json\r\nContent-Length: " + timeoutBody.length
                + "\r\nDate: " + DateFormatter.format(new Date()) + "\r\n" + RequestIds.HEADER + ": " + UUID.randomUUID()
                + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        return ByteBuffer.allocate(head.length + timeoutBody.length).put(head).put(timeoutBody).array();
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        HttpCodecNeighbours.register(event.getBean(), (pipeline, codec) -> {
            Deadline deadline = new Deadline();
            pipeline.addBefore(codec, "request-receive-deadline-start", deadline.start);
            pipeline.addAfter(codec, "request-receive-deadline-end", deadline.end);
        });
        return event.getBean();
    }

    /** Armed by the first bytes of a request (before decoding), disarmed once its last part is decoded. */
    private final class Deadline {
        private ScheduledFuture<?> pending;

        final ChannelInboundHandlerAdapter start = new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext context, Object message) {
                if (pending == null) {
                    pending = context.executor().schedule(() -> expire(context), timeoutNanos, TimeUnit.NANOSECONDS);
                }
                context.fireChannelRead(message);
            }

            @Override
            public void channelInactive(ChannelHandlerContext context) {
                disarm();
                context.fireChannelInactive();
            }
        };

        final ChannelInboundHandlerAdapter end = new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext context, Object message) {
                if (message instanceof LastHttpContent) {
                    disarm();
                }
                context.fireChannelRead(message);
            }
        };

        private void disarm() {
            if (pending != null) {
                pending.cancel(false);
                pending = null;
            }
        }

        private void expire(ChannelHandlerContext context) {
            pending = null;
            // The decoder's half-read request is abandoned with the connection.
            context.writeAndFlush(Unpooled.wrappedBuffer(timeoutResponse())).addListener(ChannelFutureListener.CLOSE);
        }
    }
}
