package org.animalstore.adapters.rest.http;

import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.ChannelConfig;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.animalstore.adapters.rest.error.OutOfMemory;

/**
 * Pipelined requests take turns (RFC 9112 9.3.2): the next goes on once the answer before it is handed to the connection
 * and the write buffer is under its high-water mark; until then decoded parts wait here, unread. Micronaut answered every
 * request of one read (3 000 pipelined, never read: 890 answers of 31 KB queued per connection); a request behind a POST
 * now sees its effect. Also closes a connection idle {@value #IDLE_AFTER_REFUSAL_MILLIS} ms after a 401 or 403.
 */
final class OneRequestAtATime extends ChannelDuplexHandler {

    /** Others wait for Micronaut's idle timeout, 75 s. */
    private static final long IDLE_AFTER_REFUSAL_MILLIS = 5_000;

    /** Requests and their body parts decoded and not handed on yet, in order. */
    private final ArrayDeque<Object> waiting = new ArrayDeque<>();
    private boolean inTurn; // a request was handed on and its answer not yet handed to the connection
    private boolean answering; // its answer has begun (a final status, not a 1xx)
    private boolean refusing; // that answer is a 401 or 403
    private ScheduledFuture<?> closing; // so refused clients cannot hold places of the connection cap
    private boolean readWanted; // asked for while requests waited: asked again once they are handed on
    private boolean handing;

    /** Reads of at most 3 KB (113 of the smallest requests, under the 128 unanswered Netty's codec allows), 32 KB of writes. */
    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        ChannelConfig config = context.channel().config();
        config.setRecvByteBufAllocator(new AdaptiveRecvByteBufAllocator(64, 1_024, 3 * 1_024));
        config.setWriteBufferWaterMark(new WriteBufferWaterMark(16 * 1_024, 32 * 1_024));
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object message) {
        if (message instanceof HttpRequest) {
            stopClosing();
        }
        if (waiting.isEmpty() && mayHandOn(context, message)) {
            handOn(context, message);
        } else {
            waiting.add(message);
        }
    }

    @Override
    public void read(ChannelHandlerContext context) {
        if (waiting.isEmpty()) {
            context.read();
        } else {
            readWanted = true;
        }
    }

    @Override
    public void write(ChannelHandlerContext context, Object message, ChannelPromise promise) {
        if (message instanceof HttpResponse response && response.status().codeClass() != HttpStatusClass.INFORMATIONAL) {
            answering = true;
            refusing = response.status().code() == 401 || response.status().code() == 403;
        }
        boolean answered = answering && message instanceof LastHttpContent;
        context.write(message, promise);
        if (answered) {
            answering = false;
            inTurn = false;
            if (!waiting.isEmpty() && !handing) {
                // Not from inside the write: Micronaut may be in the middle of writing.
                context.executor().execute(() -> handOnWaiting(context));
            } else if (refusing && waiting.isEmpty()) {
                closing = context.executor().schedule(() -> context.channel().close(), IDLE_AFTER_REFUSAL_MILLIS, TimeUnit.MILLISECONDS);
            }
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) {
        context.fireChannelWritabilityChanged();
        if (context.channel().isWritable()) {
            handOnWaiting(context);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object event) {
        // A request waiting for its rest while nothing is read is not late; the next bytes read arm the deadline again.
        if (event != ReceiveDeadline.EXPIRED || waiting.isEmpty()) {
            context.fireUserEventTriggered(event);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        OutOfMemory.exitIfCause(cause);
        context.fireExceptionCaught(cause);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext context) { // also when the channel closes: Netty empties its pipeline
        stopClosing();
        while (!waiting.isEmpty()) {
            ReferenceCountUtil.release(waiting.poll());
        }
    }

    private void stopClosing() {
        if (closing != null) {
            closing.cancel(false);
            closing = null;
        }
    }

    private boolean mayHandOn(ChannelHandlerContext context, Object message) {
        return !(message instanceof HttpRequest) || !inTurn && context.channel().isWritable();
    }

    private void handOn(ChannelHandlerContext context, Object message) {
        if (message instanceof HttpRequest) {
            inTurn = true;
        }
        context.fireChannelRead(message);
    }

    /** Hands on what waits, as far as turns allow, then tells the next handlers the read is complete. */
    private void handOnWaiting(ChannelHandlerContext context) {
        if (handing || waiting.isEmpty() || !context.channel().isActive()) {
            return;
        }
        handing = true;
        try {
            while (!waiting.isEmpty() && mayHandOn(context, waiting.peek())) {
                handOn(context, waiting.poll());
            }
        } finally {
            handing = false;
        }
        // Micronaut flushes what it wrote during a read when the read completes.
        context.fireChannelReadComplete();
        if (waiting.isEmpty() && readWanted) {
            readWanted = false;
            context.read();
        }
    }
}
