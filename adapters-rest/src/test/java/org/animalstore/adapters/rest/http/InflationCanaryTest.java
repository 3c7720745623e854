package org.animalstore.adapters.rest.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.compression.ZlibCodecFactory;
import io.netty.handler.codec.compression.ZlibWrapper;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The canary of {@link BoundedInflation}: how Micronaut's own decoding of a compressed body inflates it. */
class InflationCanaryTest {

    private static final int LIMIT = 16_384;

    @Test
    void the_decoder_micronaut_inflates_a_body_with_inflates_a_part_whole() throws IOException {
        // Canary. Micronaut's PipeliningServerHandler decodes a body with ZlibCodecFactory.newZlibDecoder(wrapper),
        // no bound: 8 KB of a bomb, one part as the codec reads it, becomes 8 MB.
        EmbeddedChannel decoder = new EmbeddedChannel(ZlibCodecFactory.newZlibDecoder(ZlibWrapper.GZIP));
        decoder.writeInbound(Unpooled.wrappedBuffer(BoundedInflationTest.gzip(new byte[15_000_000]), 0, 8192));
        long inflated = 0;
        for (Object part = decoder.readInbound(); part != null; part = decoder.readInbound()) {
            inflated += ((ByteBuf) part).readableBytes();
            ReferenceCountUtil.release(part);
        }
        decoder.finishAndReleaseAll();

        assertThat(inflated).as("Netty's default zlib decoder is now bounded: check whether Micronaut's inflation stops at the"
                + " body limit, and if so delete BoundedInflation").isGreaterThan(100L * LIMIT);
    }

}
