package org.animalstore.adapters.rest.http;

import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.exceptions.ContentLengthExceededException;
import io.micronaut.http.server.exceptions.ExceptionHandler;
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
import jakarta.inject.Singleton;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.adapters.rest.error.ErrorResponse;
import org.animalstore.adapters.rest.error.ErrorResponses;

/**
 * Undoes a body's gzip or deflate {@code Content-Encoding} in Micronaut's place, stopping at the body limit (Micronaut inflated
 * 15 KB of gzip to 15 MB before its 413): each part into at most limit + 1 bytes, then {@link ContentLengthExceededException}
 * (Micronaut's 413) and the rest dropped. A body not in its coding fails as {@link DecompressionException}: 400.
 */
final class BoundedInflation extends ChannelInboundHandlerAdapter {

    private final long limit;
    private EmbeddedChannel inflater; // null when the body arriving is not encoded, or inflation has stopped
    private boolean dropping; // inflation stopped: the rest of the body is dropped
    private boolean exhausted;
    private long inflated;
    private long inflatedOnConnection;

    /** A body that is not what its Content-Encoding says (plain bytes sent as gzip) is the client's fault: 400, not 500. */
    @Singleton
    @Requires(property = WorkaroundSwitch.PROPERTY, notEquals = "false")
    static final class UndecodableBody implements ExceptionHandler<DecompressionException, HttpResponse<ErrorResponse>> {
        @Override
        public HttpResponse<ErrorResponse> handle(io.micronaut.http.HttpRequest request, DecompressionException exception) {
            return ErrorResponses.of(ErrorCode.MALFORMED_JSON, "The request body could not be decoded as its Content-Encoding says");
        }
    }

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
        // What FramingRules.contentCoding left, with the wrapper Micronaut decodes it with
        ZlibWrapper wrapper = switch (headers.get(HttpHeaderNames.CONTENT_ENCODING, "")) {
            case "gzip" -> ZlibWrapper.GZIP;
            case "deflate" -> ZlibWrapper.ZLIB_OR_NONE;
            default -> null;
        };
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
