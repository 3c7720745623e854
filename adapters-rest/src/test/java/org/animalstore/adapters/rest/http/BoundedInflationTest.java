package org.animalstore.adapters.rest.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.http.exceptions.ContentLengthExceededException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.compression.DecompressionException;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/** A compressed request body is inflated in the fence, and never past the body limit, whatever it inflates to. */
class BoundedInflationTest {

    private static final int LIMIT = 16_384;
    private static final String HEAD = "POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n";

    private final BoundedInflation inflation = new BoundedInflation(LIMIT);
    private final Received received = new Received();
    private final EmbeddedChannel channel = new EmbeddedChannel(new HttpServerCodec(), inflation, received);

    @Test
    void stops_inflating_a_gzip_bomb_at_the_body_limit_and_tells_micronaut_it_is_too_large() throws IOException {
        // given 15 KB of gzip that inflates to 15 MB
        byte[] bomb = gzip(new byte[15_000_000]);

        send("Content-Encoding: gzip\r\nContent-Length: " + bomb.length, bomb);

        // then inflation stopped within the limit plus one part (itself at most the limit + 1), not at 15 MB
        assertThat(inflation.inflatedBytes()).isGreaterThan(LIMIT).isLessThanOrEqualTo(2L * LIMIT + 1);
        assertThat(received.bodyBytes).as("passed on to Micronaut").isLessThanOrEqualTo(LIMIT);
        assertThat(received.failure).isInstanceOf(ContentLengthExceededException.class);
        assertThat(received.ended).as("the body still ends, so the next request is read").isTrue();
    }

    @Test
    void stops_at_the_limit_when_each_part_inflates_below_it_but_the_body_beyond() throws IOException {
        // given a chunked body of parts of 1 KB gzip, together inflating to 10 MB
        byte[] compressed = gzip(new byte[10_000_000]);
        StringBuilder chunks = new StringBuilder();
        List<byte[]> parts = new ArrayList<>();
        for (int at = 0; at < compressed.length; at += 1024) {
            parts.add(java.util.Arrays.copyOfRange(compressed, at, Math.min(compressed.length, at + 1024)));
        }
        channel.writeInbound(ascii(HEAD + "Content-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n"));
        for (byte[] part : parts) {
            channel.writeInbound(ascii(Integer.toHexString(part.length) + "\r\n"), Unpooled.wrappedBuffer(part), ascii("\r\n"));
        }
        channel.writeInbound(ascii("0\r\n\r\n"));

        assertThat(inflation.inflatedBytes()).isLessThanOrEqualTo(2L * LIMIT + 1);
        assertThat(received.failure).isInstanceOf(ContentLengthExceededException.class);
        assertThat(received.ended).isTrue();
    }

    @Test
    void passes_a_gzip_body_within_the_limit_on_as_plain_json_of_unknown_length() throws IOException {
        byte[] json = "{\"name\":\"Rex\",\"categoryId\":1}".getBytes(StandardCharsets.UTF_8);
        byte[] body = gzip(json);

        send("Content-Encoding: gzip\r\nContent-Length: " + body.length, body);

        assertThat(received.request.headers().contains(HttpHeaderNames.CONTENT_ENCODING)).isFalse();
        assertThat(received.request.headers().contains(HttpHeaderNames.CONTENT_LENGTH)).isFalse();
        assertThat(received.request.headers().get(HttpHeaderNames.TRANSFER_ENCODING)).isEqualTo("chunked");
        assertThat(received.body.toString(StandardCharsets.UTF_8)).isEqualTo(new String(json, StandardCharsets.UTF_8));
        assertThat(received.failure).isNull();
        assertThat(received.ended).isTrue();
    }

    @Test
    void passes_a_deflate_body_on_as_plain_json() throws IOException {
        byte[] json = "{\"name\":\"Rex\",\"categoryId\":1}".getBytes(StandardCharsets.UTF_8);
        var compressed = new ByteArrayOutputStream();
        try (var deflate = new DeflaterOutputStream(compressed)) {
            deflate.write(json);
        }

        send("Content-Encoding: deflate\r\nContent-Length: " + compressed.size(), compressed.toByteArray());

        assertThat(received.body.toString(StandardCharsets.UTF_8)).isEqualTo(new String(json, StandardCharsets.UTF_8));
    }

    @Test
    void tells_micronaut_a_body_is_not_what_its_coding_says() {
        byte[] plain = "{\"name\":\"Rex\",\"categoryId\":1}".getBytes(StandardCharsets.UTF_8);

        send("Content-Encoding: gzip\r\nContent-Length: " + plain.length, plain);

        assertThat(received.failure).isInstanceOf(DecompressionException.class);
        assertThat(received.ended).isTrue();
    }

    @Test
    void leaves_a_plain_body_as_it_is() {
        byte[] plain = "{\"name\":\"Rex\",\"categoryId\":1}".getBytes(StandardCharsets.UTF_8);

        send("Content-Length: " + plain.length, plain);

        assertThat(received.request.headers().get(HttpHeaderNames.CONTENT_LENGTH)).isEqualTo(String.valueOf(plain.length));
        assertThat(received.body.toString(StandardCharsets.UTF_8)).isEqualTo(new String(plain, StandardCharsets.UTF_8));
        assertThat(inflation.inflatedBytes()).isZero();
    }

    private void send(String headers, byte[] body) {
        channel.writeInbound(ascii(HEAD + headers + "\r\n\r\n"), Unpooled.wrappedBuffer(body));
    }

    private static ByteBuf ascii(String text) {
        return Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII);
    }

    static byte[] gzip(byte[] plain) throws IOException {
        var compressed = new ByteArrayOutputStream();
        try (var gzip = new GZIPOutputStream(compressed)) {
            gzip.write(plain);
        }
        return compressed.toByteArray();
    }

    /** Micronaut's place: what reaches it. */
    private static final class Received extends ChannelInboundHandlerAdapter {
        HttpRequest request;
        final ByteBuf body = Unpooled.buffer();
        long bodyBytes;
        Throwable failure;
        boolean ended;

        @Override
        public void channelRead(ChannelHandlerContext context, Object message) {
            if (message instanceof HttpRequest head) {
                request = head;
            }
            if (message instanceof HttpContent content) {
                bodyBytes += content.content().readableBytes();
                body.writeBytes(content.content());
                ended |= content instanceof LastHttpContent;
            }
            ReferenceCountUtil.release(message);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
            failure = cause;
        }
    }
}
