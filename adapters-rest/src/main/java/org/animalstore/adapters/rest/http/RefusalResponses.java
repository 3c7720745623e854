package org.animalstore.adapters.rest.http;

import io.micronaut.json.JsonMapper;
import io.netty.buffer.Unpooled;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.http.ContentLengthNotAllowedException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.codec.http.TransferEncodingNotAllowedException;
import io.netty.util.AsciiString;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.animalstore.adapters.rest.auth.BearerChallengeProvider;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.adapters.rest.error.ErrorResponses;
import org.animalstore.adapters.rest.ops.RequestIds;
import org.animalstore.adapters.rest.ops.ResponseHeaderPolicy;

/**
 * The fence's answer to each {@link Refusal} and {@link KeyGate}'s 401: the Error body of {@link ErrorResponses}, rendered
 * once, in HTTP/1.1, with Date, X-Request-Id and {@link ResponseHeaderPolicy}'s headers. Constants are {@link AsciiString}s
 * put in unchecked: Netty writes Strings char by char, an eighth of a 401's CPU in a flood of keyless requests.
 */
final class RefusalResponses {

    /** Why a request is answered at the HTTP codec, before Micronaut sees it; the message is what the client reads. */
    enum Refusal {
        MALFORMED(ErrorCode.INVALID_REQUEST, "The request is malformed"),
        REQUEST_LINE_TOO_LONG(ErrorCode.URI_TOO_LONG, "The request URI is too long"),
        HEADERS_TOO_LARGE(ErrorCode.HEADERS_TOO_LARGE, "The request headers are too large"),
        VERSION_NOT_SUPPORTED(ErrorCode.HTTP_VERSION_NOT_SUPPORTED, "Only HTTP/1.1 and HTTP/1.0 are supported"),
        LENGTH_AND_TRANSFER_ENCODING(ErrorCode.INVALID_REQUEST, "Send either Content-Length or Transfer-Encoding, not both"),
        TRANSFER_ENCODING_BEFORE_HTTP_1_1(ErrorCode.INVALID_REQUEST, "Transfer-Encoding needs HTTP/1.1"),
        TRANSFER_CODING_NOT_IMPLEMENTED(ErrorCode.NOT_IMPLEMENTED, "The only transfer coding supported is chunked"),
        MALFORMED_CHUNK(ErrorCode.INVALID_REQUEST, "The chunked request body is malformed"),
        HOST_NOT_ONE(ErrorCode.INVALID_REQUEST, "An HTTP/1.1 request needs exactly one Host header"),
        MALFORMED_URI(ErrorCode.INVALID_REQUEST, "The request URI is malformed"),
        BODY_TOO_LARGE(ErrorCode.PAYLOAD_TOO_LARGE, "The request body is too large"),
        CONTENT_CODING_NOT_SUPPORTED(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "The request body may be sent as it is, or with Content-Encoding gzip or deflate"),
        METHOD_NOT_IMPLEMENTED(ErrorCode.NOT_IMPLEMENTED, "Unknown method; methods are case-sensitive (GET, HEAD, POST, PUT, DELETE, CONNECT, OPTIONS, TRACE, PATCH)"),
        REQUEST_TIMEOUT(ErrorCode.REQUEST_TIMEOUT, "The request did not arrive within %d s"); // %d: the receive timeout's seconds

        final ErrorCode code;
        private final String message;

        Refusal(ErrorCode code, String message) {
            this.code = code;
            this.message = message;
        }

        /** The refusal for a request head Netty's decoder could not read. */
        static Refusal ofDecoderFailure(Throwable cause) {
            return switch (cause) {
                case TooLongHttpLineException _ -> REQUEST_LINE_TOO_LONG;
                case TooLongHttpHeaderException _ -> HEADERS_TOO_LARGE;
                case ContentLengthNotAllowedException _ -> LENGTH_AND_TRANSFER_ENCODING;
                case TransferEncodingNotAllowedException _ -> TRANSFER_ENCODING_BEFORE_HTTP_1_1;
                default -> MALFORMED;
            };
        }
    }

    private static final HttpHeadersFactory HEADERS = DefaultHttpHeadersFactory.headersFactory().withValidation(false);
    private static final AsciiString JSON = AsciiString.cached(ErrorResponses.CONTENT_TYPE);
    private static final AsciiString REQUEST_ID = AsciiString.cached(RequestIds.HEADER);
    private static final AsciiString CONTENT_TYPE_OPTIONS = AsciiString.cached(ResponseHeaderPolicy.CONTENT_TYPE_OPTIONS);
    private static final AsciiString NO_SNIFF = AsciiString.cached(ResponseHeaderPolicy.NO_SNIFF);
    private static final AsciiString NO_STORE = AsciiString.cached(ResponseHeaderPolicy.NO_STORE);
    private static final AsciiString CHALLENGE = AsciiString.cached(BearerChallengeProvider.CHALLENGE);
    private static final AsciiString ACCEPT_ENCODING = AsciiString.cached("Accept-Encoding");
    /** How long a refused connection keeps reading (and dropping) what the client still sends. */
    private static final long LINGER_MILLIS = 2_000;

    /** The Date header's value of one second ({@link ResponseHeaderPolicy#date} keeps one String a second). */
    private record Date(String text, AsciiString ascii) {
    }

    /** An Error response's status and body, rendered once. */
    private record Body(HttpResponseStatus status, byte[] bytes) {
        Body(JsonMapper json, ErrorCode code, String message) {
            this(HttpResponseStatus.valueOf(code.status().getCode()), ErrorResponses.bytes(json, code, message));
        }
    }

    private final Map<Refusal, Body> bodies = new EnumMap<>(Refusal.class);
    private final Body unauthorized;
    private volatile Date date = new Date("", AsciiString.EMPTY_STRING);

    RefusalResponses(JsonMapper json, Duration receiveTimeout) {
        for (Refusal refusal : Refusal.values()) {
            bodies.put(refusal, new Body(json, refusal.code, refusal.message.formatted(receiveTimeout.toSeconds())));
        }
        this.unauthorized = new Body(json, ErrorCode.UNAUTHORIZED, ErrorResponses.forStatus(401).message());
    }

    FullHttpResponse answer(Refusal refusal, String requestId) {
        FullHttpResponse response = response(bodies.get(refusal), requestId);
        HttpHeaders headers = response.headers().add(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        if (refusal == Refusal.CONTENT_CODING_NOT_SUPPORTED) {
            headers.add(HttpHeaderNames.ACCEPT_ENCODING, FramingRules.ACCEPTED_CODINGS); // RFC 9110 15.5.16
        }
        return response;
    }

    /** The 401 as Micronaut's security would answer it; keep-alive said to an HTTP/1.0 client (RFC 9112 C.2.2). */
    FullHttpResponse unauthorized(String requestId, HttpVersion requestVersion, boolean keepAlive) {
        FullHttpResponse response = response(unauthorized, requestId);
        HttpHeaders headers = response.headers()
                .add(HttpHeaderNames.WWW_AUTHENTICATE, CHALLENGE)
                .add(HttpHeaderNames.VARY, ACCEPT_ENCODING);
        if (!keepAlive) {
            headers.add(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (!requestVersion.isKeepAliveDefault()) {
            headers.add(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
        return response;
    }

    private FullHttpResponse response(Body body, String requestId) {
        HttpHeaders headers = HEADERS.newHeaders()
                .add(HttpHeaderNames.CONTENT_TYPE, JSON)
                .addInt(HttpHeaderNames.CONTENT_LENGTH, body.bytes().length)
                .add(HttpHeaderNames.DATE, date())
                // Safe to send unchecked: a caller's id only when RequestIds found it safe, else a UUID.
                .add(REQUEST_ID, new AsciiString(requestId.getBytes(StandardCharsets.US_ASCII), false))
                .add(CONTENT_TYPE_OPTIONS, NO_SNIFF)
                .add(HttpHeaderNames.CACHE_CONTROL, NO_STORE);
        return new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, body.status(), Unpooled.wrappedBuffer(body.bytes()), headers, HEADERS.newEmptyHeaders());
    }

    private AsciiString date() {
        String now = ResponseHeaderPolicy.date();
        Date last = date;
        if (!last.text().equals(now)) {
            last = new Date(now, AsciiString.of(now));
            date = last;
        }
        return last.ascii();
    }

    /**
     * Half-closes, reads and drops (in the guard) what still arrives, and closes when the client does or after
     * {@value #LINGER_MILLIS} ms: closing with a body unread makes the kernel reset, which can destroy the answer (RFC 9112 9.6).
     */
    static void lingerThenClose(ChannelHandlerContext context) {
        Channel channel = context.channel();
        if (channel instanceof DuplexChannel duplex && channel.isActive()) {
            duplex.shutdownOutput();
            // What still arrives is dropped: read it in Netty's usual large reads, not a request's few kilobytes.
            channel.config().setRecvByteBufAllocator(new AdaptiveRecvByteBufAllocator());
            // Cancelled when the client closes first, as it does at once after a 401 it asked to be its last.
            var linger = context.executor().schedule(() -> channel.close(), LINGER_MILLIS, TimeUnit.MILLISECONDS);
            channel.closeFuture().addListener(closed -> linger.cancel(false));
        } else {
            channel.close();
        }
    }
}
