package org.animalstore.adapters.rest.http;

import io.netty.handler.codec.http.ContentLengthNotAllowedException;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.codec.http.TransferEncodingNotAllowedException;
import java.time.Duration;
import org.animalstore.adapters.rest.error.ErrorCode;

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
    /** The message is completed with the receive timeout's seconds. */
    REQUEST_TIMEOUT(ErrorCode.REQUEST_TIMEOUT, "The request did not arrive within %d s");

    final ErrorCode code;
    private final String message;

    Refusal(ErrorCode code, String message) {
        this.code = code;
        this.message = message;
    }

    String message(Duration receiveTimeout) {
        return this == REQUEST_TIMEOUT ? message.formatted(receiveTimeout.toSeconds()) : message;
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
