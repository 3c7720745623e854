package org.animalstore.adapters.rest.http;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;

/** What a test channel has written to its socket. */
final class Written {

    private Written() {
    }

    /** Everything written since the last call, as text; the buffers are released. */
    static String drain(EmbeddedChannel channel) {
        StringBuilder sent = new StringBuilder();
        for (Object written = channel.readOutbound(); written != null; written = channel.readOutbound()) {
            sent.append(((ByteBuf) written).toString(StandardCharsets.UTF_8));
            ReferenceCountUtil.release(written);
        }
        return sent.toString();
    }
}
