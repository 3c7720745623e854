package org.animalstore.adapters.rest.http;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.LastHttpContent;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A deadline for receiving each request, as idle timeouts restart with every byte (slowloris): from its first byte a request
 * must arrive within {@code petstore.request-receive-timeout}, else {@link #EXPIRED} has the {@link ConnectionGuard} answer
 * 408. A new connection silent for as long is closed unanswered.
 */
final class ReceiveDeadline {

    private enum Event { EXPIRED }

    /** The event that tells the connection guard the request being received is too late. */
    static final Object EXPIRED = Event.EXPIRED;

    private final long timeoutNanos;
    private ScheduledFuture<?> pending;
    private boolean silent = true; // nothing read yet: at the deadline the connection closes unanswered

    ReceiveDeadline(Duration timeout) {
        this.timeoutNanos = timeout.toNanos();
    }

    /** Before the codec: armed by the first bytes of a request. */
    ChannelHandler start() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void handlerAdded(ChannelHandlerContext context) {
                if (context.channel().isActive()) {
                    arm(context);
                }
            }

            @Override
            public void channelActive(ChannelHandlerContext context) {
                if (pending == null) {
                    arm(context);
                }
                context.fireChannelActive();
            }

            @Override
            public void channelRead(ChannelHandlerContext context, Object message) {
                if (silent || pending == null) { // the first bytes restart the connection's deadline as the request's
                    silent = false;
                    disarm();
                    arm(context);
                }
                if (!(message instanceof ByteBuf bytes)) {
                    context.fireChannelRead(message);
                    return;
                }
                // Bytes the codec leaves in the buffer after a request ended begin the next one: its deadline starts now.
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
                context.fireChannelInactive();
            }
        };
    }

    private void arm(ChannelHandlerContext context) {
        pending = context.executor().schedule(() -> expire(context), timeoutNanos, TimeUnit.NANOSECONDS);
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
        if (silent) {
            context.close();
        } else {
            context.fireUserEventTriggered(EXPIRED);
        }
    }
}
