package org.animalstore.adapters.rest.http;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.LastHttpContent;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A deadline for receiving each request, head and body, on one connection. The idle timeout restarts
 * with every byte, so a client trickling its request (slowloris) would hold its connection for ever;
 * from the first byte of a request, the whole of it must arrive within
 * {@code petstore.request-receive-timeout} (default 10 s). When it does not, {@link #EXPIRED} goes up
 * the pipeline to the {@link ConnectionGuard}, which answers 408 and closes. A new connection must send
 * its first byte within the same time, or it is closed without an answer: there is no request to answer,
 * and an idle timeout of its own would let silent connections pile up.
 */
final class ReceiveDeadline {

    /** The event that tells the connection guard the request being received is too late. */
    static final Object EXPIRED = new Object() {
        @Override
        public String toString() {
            return "ReceiveDeadline.EXPIRED";
        }
    };

    /** {@code petstore.request-receive-timeout}, environment variable {@code PETSTORE_REQUEST_RECEIVE_TIMEOUT}; 0s turns it off. */
    @ConfigurationProperties("petstore")
    record Settings(@Nullable Duration requestReceiveTimeout) {
        Duration timeout() {
            return requestReceiveTimeout == null ? Duration.ofSeconds(10) : requestReceiveTimeout;
        }

        boolean enabled() {
            return !timeout().isZero();
        }
    }

    private final long timeoutNanos;
    private ScheduledFuture<?> pending;
    private ScheduledFuture<?> silence;

    ReceiveDeadline(Duration timeout) {
        this.timeoutNanos = timeout.toNanos();
    }

    /** Before the codec: armed by the first bytes of a request. */
    ChannelHandler start() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void handlerAdded(ChannelHandlerContext context) {
                if (context.channel().isActive()) {
                    awaitFirstByte(context);
                }
            }

            @Override
            public void channelActive(ChannelHandlerContext context) {
                awaitFirstByte(context);
                context.fireChannelActive();
            }

            @Override
            public void channelRead(ChannelHandlerContext context, Object message) {
                if (silence != null) {
                    silence.cancel(false);
                }
                if (pending == null) {
                    arm(context);
                }
                if (!(message instanceof ByteBuf bytes)) {
                    context.fireChannelRead(message);
                    return;
                }
                // The codec keeps what it cannot decode yet in the buffer it was given (when it kept nothing
                // before): bytes left there after a request ended begin the next one, whose deadline starts now.
                bytes.retain();
                try {
                    context.fireChannelRead(bytes);
                    if (pending == null && bytes.isReadable()) {
                        arm(context);
                    }
                } finally {
                    bytes.release();
                }
            }

            @Override
            public void channelInactive(ChannelHandlerContext context) {
                disarm();
                if (silence != null) {
                    silence.cancel(false);
                }
                context.fireChannelInactive();
            }
        };
    }

    private void arm(ChannelHandlerContext context) {
        pending = context.executor().schedule(() -> expire(context), timeoutNanos, TimeUnit.NANOSECONDS);
    }

    private void awaitFirstByte(ChannelHandlerContext context) {
        if (silence == null) {
            silence = context.executor().schedule(() -> {
                context.close();
            }, timeoutNanos, TimeUnit.NANOSECONDS);
        }
    }

    /** After the codec: disarmed once the last part of the request is decoded. */
    ChannelHandler end() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext context, Object message) {
                if (message instanceof LastHttpContent) {
                    disarm();
                }
                context.fireChannelRead(message);
            }
        };
    }

    private void disarm() {
        if (pending != null) {
            pending.cancel(false);
            pending = null;
        }
    }

    private void expire(ChannelHandlerContext context) {
        pending = null;
        context.fireUserEventTriggered(EXPIRED);
    }
}
