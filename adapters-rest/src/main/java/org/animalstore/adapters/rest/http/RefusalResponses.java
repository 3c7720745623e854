package org.animalstore.adapters.rest.http;

import io.micronaut.json.JsonMapper;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.time.Duration;
import java.util.Date;
import java.util.EnumMap;
import java.util.Map;
import org.animalstore.adapters.rest.auth.ApiKeyCheck;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.adapters.rest.error.ErrorResponses;
import org.animalstore.adapters.rest.ops.RequestIds;
import org.animalstore.adapters.rest.ops.ResponseHeaderPolicy;

/**
 * The fence's answer to each {@link Refusal}: the Error body and its {@code Content-Type} from
 * {@link ErrorResponses} (rendered once), as HTTP/1.1 whatever the request said, with what every
 * response carries (Date, X-Request-Id, {@link ResponseHeaderPolicy}'s nosniff and no-store) and
 * {@code Connection: close}; and {@link KeyGate}'s 401.
 */
final class RefusalResponses {

    private final Map<Refusal, byte[]> bodies = new EnumMap<>(Refusal.class);
    private final byte[] unauthorized;

    RefusalResponses(JsonMapper json, Duration receiveTimeout) {
        for (Refusal refusal : Refusal.values()) {
            bodies.put(refusal, ErrorResponses.bytes(json, refusal.code(), refusal.message(receiveTimeout)));
        }
        this.unauthorized = ErrorResponses.bytes(json, ErrorCode.UNAUTHORIZED, ErrorResponses.forStatus(401).message());
    }

    FullHttpResponse answer(Refusal refusal, String requestId) {
        FullHttpResponse response = response(refusal.code().status().getCode(), bodies.get(refusal), requestId);
        HttpHeaders headers = response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        if (refusal == Refusal.CONTENT_CODING_NOT_SUPPORTED) {
            headers.set(HttpHeaderNames.ACCEPT_ENCODING, ContentCoding.ACCEPTED); // RFC 9110 15.5.16
        }
        return response;
    }

    /** The 401 of {@link KeyGate}, as Micronaut's security would answer it; the connection stays open. */
    FullHttpResponse unauthorized(String requestId) {
        FullHttpResponse response = response(401, unauthorized, requestId);
        response.headers()
                .set(HttpHeaderNames.WWW_AUTHENTICATE, ApiKeyCheck.CHALLENGE)
                .set(HttpHeaderNames.VARY, "Accept-Encoding");
        return response;
    }

    private static FullHttpResponse response(int status, byte[] body, String requestId) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(status), Unpooled.wrappedBuffer(body));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, ErrorResponses.CONTENT_TYPE)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.DATE, DateFormatter.format(new Date()))
                .set(RequestIds.HEADER, requestId)
                .set(ResponseHeaderPolicy.CONTENT_TYPE_OPTIONS, ResponseHeaderPolicy.NO_SNIFF)
                .set(HttpHeaderNames.CACHE_CONTROL, ResponseHeaderPolicy.NO_STORE);
        return response;
    }
}
