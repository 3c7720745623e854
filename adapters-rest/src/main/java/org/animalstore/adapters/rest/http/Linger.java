package org.animalstore.adapters.rest.http;

import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.socket.DuplexChannel;
import io.netty.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A client may still be sending the body of a refused request: closing at once, with its bytes unread,
 * makes the kernel answer with a reset that can destroy the refusal before the client reads it. So the
 * answer is followed by a half-close, what still arrives is read and dropped (by the connection guard),
 * and the connection closes when the client closes it, or after {@link #MILLIS} (RFC 9112, 9.6).
 */
final class Linger {

    /** How long a refused connection keeps reading (and dropping) what the client still sends. */
    static final long MILLIS = 2_000;

    private Linger() {
    }

    static void thenClose(ChannelHandlerContext context) {
        Channel channel = context.channel();
        if (channel instanceof DuplexChannel duplex && channel.isActive()) {
            duplex.shutdownOutput();
            // What still arrives is dropped: read it in Netty's usual large reads, not a request's few kilobytes.
            channel.config().setRecvByteBufAllocator(new AdaptiveRecvByteBufAllocator());
            // Cancelled when the client closes first, as it does at once after a 401 it asked to be its last.
            Future<?> linger = context.executor().schedule(() -> channel.close(), MILLIS, TimeUnit.MILLISECONDS);
            channel.closeFuture().addListener(closed -> linger.cancel(false));
        } else {
            channel.close();
        }
    }
}
