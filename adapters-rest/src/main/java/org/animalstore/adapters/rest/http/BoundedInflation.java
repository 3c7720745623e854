package org.animalstore.adapters.rest.http;

import io.micronaut.http.exceptions.ContentLengthExceededException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.compression.DecompressionException;
import io.netty.handler.codec.compression.JdkZlibDecoder;
import io.netty.handler.codec.compression.ZlibWrapper;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * Undoes a request body's {@code Content-Encoding} (gzip or deflate, as the guard left it) in Micronaut's
 * place, and stops at the body limit. Micronaut inflates each part of a body whole and checks the limit
 * on what comes out: a 15 KB gzip body was inflated to 15 MB before its 413. Here a part inflates into
 * at most limit + 1 bytes (Netty's {@code maxAllocation}), and once the body is past the limit nothing
 * more is inflated: Micronaut is told {@link ContentLengthExceededException} (its own 413 for a body over
 * the limit) and the rest of the body is dropped. So a body costs at most twice the limit in inflation.
 * A body that is not what its coding says is Micronaut's {@link DecompressionException}, as before
 * ({@link UndecodableBodyHandler}).
 */
final class BoundedInflation extends ChannelInboundHandlerAdapter {

    private final long limit;
    /** The decoder of the body arriving; null when it is not encoded, or inflation has stopped. */
    private EmbeddedChannel inflater;
    /** The rest of the body arriving is dropped: inflation stopped. */
    private boolean dropping;
    private boolean exhausted;
    private long inflated;
    private long inflatedOnConnection;

    BoundedInflation(long limit) {
        this.limit = limit;
    }

    /** Bytes inflated on this connection, all bodies together (what the tests measure). */
    long inflatedBytes() {
        return inflatedOnConnection;
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object message) {
        if (message instanceof HttpRequest request) {
            begin(request.headers());
        } else if (message instanceof HttpContent content && (inflater != null || dropping)) {
            if (inflater != null) {
                inflate(context, content.content(), content instanceof LastHttpContent);
            }
            content.release();
            if (content instanceof LastHttpContent) {
                stop();
                dropping = false;
                context.fireChannelRead(LastHttpContent.EMPTY_LAST_CONTENT);
            }
            return;
        }
        context.fireChannelRead(message);
    }

    private void begin(HttpHeaders headers) {
        stop();
        ZlibWrapper wrapper = wrapperOf(headers.get(HttpHeaderNames.CONTENT_ENCODING));
        if (wrapper == null || !FramingRules.declaresBody(headers)) {
            return;
        }
        // Micronaut sees a plain body of unknown length
        headers.remove(HttpHeaderNames.CONTENT_ENCODING).remove(HttpHeaderNames.CONTENT_LENGTH)
                .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        inflated = 0;
        exhausted = false;
        inflater = new EmbeddedChannel(new JdkZlibDecoder(wrapper, (int) Math.min(limit + 1, Integer.MAX_VALUE)) {
            @Override
            protected void decompressionBufferExhausted(ByteBuf buffer) {
                exhausted = true;
                count(buffer.readableBytes());
                super.decompressionBufferExhausted(buffer);
            }
        });
    }

    /** The tokens {@link FramingRules#contentCoding} leaves; the wrappers Micronaut decodes them with. */
    private static ZlibWrapper wrapperOf(String coding) {
        return coding == null ? null : switch (coding) {
            case "gzip" -> ZlibWrapper.GZIP;
            case "deflate" -> ZlibWrapper.ZLIB_OR_NONE;
            default -> null;
        };
    }

    private void inflate(ChannelHandlerContext context, ByteBuf compressed, boolean last) {
        Throwable failure = null;
        try {
            inflater.writeInbound(compressed.retain());
            if (last) {
                inflater.finish();
            }
        } catch (DecompressionException e) {
            failure = e;
        }
        for (Object part = inflater.readInbound(); part != null; part = inflater.readInbound()) {
            ByteBuf bytes = (ByteBuf) part;
            count(bytes.readableBytes());
            if (failure == null && !exhausted && inflated <= limit) {
                context.fireChannelRead(new DefaultHttpContent(bytes));
            } else {
                bytes.release();
            }
        }
        if (exhausted || inflated > limit) {
            failure = new ContentLengthExceededException(limit, inflated);
        }
        if (failure != null) {
            stop();
            dropping = !last;
            context.fireExceptionCaught(failure);
        }
    }

    private void count(long bytes) {
        inflated += bytes;
        inflatedOnConnection += bytes;
    }

    private void stop() {
        if (inflater != null) {
            EmbeddedChannel finished = inflater;
            inflater = null;
            try {
                finished.finishAndReleaseAll();
            } catch (DecompressionException e) {
                // What the decoder makes of the rest of a body already refused, or whole, no longer matters.
            }
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext context) {
        stop();
    }
}
