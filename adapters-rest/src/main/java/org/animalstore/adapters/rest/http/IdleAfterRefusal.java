package org.animalstore.adapters.rest.http;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection left idle for {@link #TIMEOUT_MILLIS} after an answer that refused the client
 * itself (401, 403), where every other connection waits for Micronaut's idle timeout (75 s): clients
 * that are refused, a flood of keyless connections say, cannot hold places of the connection cap for
 * long. Armed only when no request is waiting for its answer; the next request disarms it. Between the
 * codec and the connection guard, so it sees the guard's 401s as well as Micronaut's.
 */
final class IdleAfterRefusal extends ChannelDuplexHandler {

    static final long TIMEOUT_MILLIS = 5_000;

    /** Requests read whose answer has not started. */
    private int unanswered;
    private ScheduledFuture<?> closing;

    @Override
    public void channelRead(ChannelHandlerContext context, Object message) {
        if (message instanceof HttpRequest) {
            unanswered++;
            disarm();
        }
        context.fireChannelRead(message);
    }

    @Override
    public void write(ChannelHandlerContext context, Object message, ChannelPromise promise) {
        if (message instanceof HttpResponse response && response.status().codeClass() != HttpStatusClass.INFORMATIONAL) {
            unanswered = Math.max(0, unanswered - 1);
            int status = response.status().code();
            if ((status == 401 || status == 403) && unanswered == 0) {
                disarm();
                closing = context.executor().schedule(() -> context.channel().close(), TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
            } else {
                disarm();
            }
        }
        context.write(message, promise);
    }

    private void disarm() {
        if (closing != null) {
            closing.cancel(false);
            closing = null;
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext context) {
        disarm();
    }
}
