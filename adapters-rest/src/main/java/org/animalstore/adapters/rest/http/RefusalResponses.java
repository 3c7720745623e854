package org.animalstore.adapters.rest.http;

import io.micronaut.json.JsonMapper;
import io.netty.buffer.Unpooled;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
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
 * The fence's answer to each {@link Refusal}: the Error body and its {@code Content-Type} from
 * {@link ErrorResponses} (rendered once), as HTTP/1.1 whatever the request said, with what every
 * response carries (Date, X-Request-Id, {@link ResponseHeaderPolicy}'s nosniff and no-store) and
 * {@code Connection: close}; and {@link KeyGate}'s 401. After a refusal the connection {@link #lingerThenClose lingers}.
 *
 * <p>A flood of keyless requests is answered as cheaply as it can be: every name and value but the request id
 * is an {@link AsciiString} made once (Netty writes those as bytes, Strings char by char: an eighth of a 401's
 * CPU), and the headers are put in without a check for one already there nor a validation of what is constant.
 */
final class RefusalResponses {

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

    /** An Error body, rendered once, with its Content-Length. */
    private record Body(byte[] bytes, AsciiString length) {
        Body(byte[] bytes) {
            this(bytes, AsciiString.of(Integer.toString(bytes.length)));
        }
    }

    private final Map<Refusal, Body> bodies = new EnumMap<>(Refusal.class);
    private final Body unauthorized;
    private volatile Date date = new Date("", AsciiString.EMPTY_STRING);

    RefusalResponses(JsonMapper json, Duration receiveTimeout) {
        for (Refusal refusal : Refusal.values()) {
            bodies.put(refusal, new Body(ErrorResponses.bytes(json, refusal.code(), refusal.message(receiveTimeout))));
        }
        this.unauthorized = new Body(ErrorResponses.bytes(json, ErrorCode.UNAUTHORIZED, ErrorResponses.forStatus(401).message()));
    }

    FullHttpResponse answer(Refusal refusal, String requestId) {
        FullHttpResponse response = response(HttpResponseStatus.valueOf(refusal.code().status().getCode()), bodies.get(refusal), requestId);
        HttpHeaders headers = response.headers().add(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        if (refusal == Refusal.CONTENT_CODING_NOT_SUPPORTED) {
            headers.add(HttpHeaderNames.ACCEPT_ENCODING, FramingRules.ACCEPTED_CODINGS); // RFC 9110 15.5.16
        }
        return response;
    }

    /**
     * The 401 of {@link KeyGate}, as Micronaut's security would answer it. A connection kept open is said to be
     * kept to an HTTP/1.0 client, which asked with {@code Connection: keep-alive} (RFC 9112 C.2.2): else it
     * waits for the close. One the client asked to close is said to close.
     */
    FullHttpResponse unauthorized(String requestId, HttpVersion requestVersion, boolean keepAlive) {
        FullHttpResponse response = response(HttpResponseStatus.UNAUTHORIZED, unauthorized, requestId);
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

    private FullHttpResponse response(HttpResponseStatus status, Body body, String requestId) {
        HttpHeaders headers = HEADERS.newHeaders()
                .add(HttpHeaderNames.CONTENT_TYPE, JSON)
                .add(HttpHeaderNames.CONTENT_LENGTH, body.length())
                .add(HttpHeaderNames.DATE, date())
                // Safe to send unchecked: a caller's id only when RequestIds found it safe, else a UUID.
                .add(REQUEST_ID, new AsciiString(requestId.getBytes(StandardCharsets.US_ASCII), false))
                .add(CONTENT_TYPE_OPTIONS, NO_SNIFF)
                .add(HttpHeaderNames.CACHE_CONTROL, NO_STORE);
        return new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body.bytes()), headers, HEADERS.newEmptyHeaders());
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
     * A client may still be sending the body of a refused request: closing at once, with its bytes unread, makes the
     * kernel answer with a reset that can destroy the refusal before the client reads it. So the answer is followed
     * by a half-close, what still arrives is read and dropped (by the guard), and the connection closes when the
     * client closes it, or after {@value #LINGER_MILLIS} ms (RFC 9112, 9.6).
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
