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
 * Pipelined requests on one connection take turns: the next request goes on only once the answer to
 * the one before it has been handed to the connection, and while the connection can take more (its
 * write buffer is below the high-water mark). Until then what the codec decoded waits here, and the
 * connection is not read: a client that sends and never reads stops being read (RFC 9112 9.3.2 lets a
 * server process pipelined requests one at a time). Micronaut reads on as long as fewer than two of its
 * answers wait, and answers every request the codec decodes from one read, however many: 3 000
 * pipelined {@code GET /openapi.json} queued 890 answers of 31 KB per connection, until direct memory
 * ran out. Taking turns also means a request behind an unsafe one (a POST) sees its effect. As it sees
 * every answer, it also closes a connection left idle {@value #IDLE_AFTER_REFUSAL_MILLIS} ms after a 401 or 403.
 * Per connection, at most one answer and the write buffer's high-water mark ({@value #WRITE_BUFFER_HIGH}
 * bytes) wait to be sent, and at most one read's requests wait to be handed on: {@link #READ_BYTES} bounds that read.
 */
final class OneRequestAtATime extends ChannelDuplexHandler {

    /**
     * The most one read of the connection takes; the requests that wait are those decoded from one read.
     * Netty's codec drops a connection with more than 128 requests decoded and unanswered
     * ({@code maxPipelineDepth}): 3 KB holds at most 113 of the smallest with a Host header (27 bytes, about
     * 300 bytes once decoded). A refused upload is drained with larger reads ({@link RefusalResponses#lingerThenClose}).
     */
    static final int READ_BYTES = 3 * 1_024;
    /** How long a connection may stay idle after a 401 or 403 (others wait for Micronaut's idle timeout, 75 s). */
    static final long IDLE_AFTER_REFUSAL_MILLIS = 5_000;
    /** The write buffer's high-water mark: past it, the connection counts as not taking more. */
    static final int WRITE_BUFFER_HIGH = 32 * 1_024;

    /** What the codec decoded that is not handed on yet: requests and their body parts, in order. */
    private final ArrayDeque<Object> waiting = new ArrayDeque<>();
    /** A request was handed on and its answer has not been handed to the connection yet. */
    private boolean inTurn;
    /** The answer to the request in turn has begun (a final status, not a 1xx). */
    private boolean answering;
    /** That answer refuses the client itself (401, 403). */
    private boolean refusing;
    /** Closes a connection left idle after a refusal, so refused clients cannot hold places of the connection cap. */
    private ScheduledFuture<?> closing;
    /** A read was asked for while requests waited; asked for again once they are all handed on. */
    private boolean readWanted;
    private boolean handing;

    /** Bounds what one read takes and when the connection counts as full. */
    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        ChannelConfig config = context.channel().config();
        config.setRecvByteBufAllocator(new AdaptiveRecvByteBufAllocator(64, 1_024, READ_BYTES));
        config.setWriteBufferWaterMark(new WriteBufferWaterMark(WRITE_BUFFER_HIGH / 2, WRITE_BUFFER_HIGH));
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
        // A request cut in two by a read waits for its rest while nothing is read: the client is not late.
        // The deadline is armed again by the next bytes read.
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
    public void channelInactive(ChannelHandlerContext context) {
        stopClosing();
        forgetWaiting();
        context.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext context) {
        stopClosing();
        forgetWaiting();
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

    private void forgetWaiting() {
        while (!waiting.isEmpty()) {
            ReferenceCountUtil.release(waiting.poll());
        }
    }
}
