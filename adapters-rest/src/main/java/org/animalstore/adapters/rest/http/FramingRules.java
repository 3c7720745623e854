package org.animalstore.adapters.rest.http;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.util.Iterator;
import java.util.Optional;

/**
 * The checks of a decoded request head that Netty's decoder and Micronaut leave out (RFC 9112 3.2,
 * 6; RFC 9110 2.5, 8.4, 9.1), in order of gravity: what makes the message unreadable, then what
 * makes its body unsafe to read, then what the server cannot serve. A request it accepts may be
 * normalised for Micronaut: a higher HTTP/1.x becomes HTTP/1.1, the server's highest (so the answer
 * says HTTP/1.1), and {@code Content-Encoding} becomes the single coding Micronaut decodes. The
 * common request costs a few header lookups.
 */
final class FramingRules {

    private final long maxBodyBytes;

    FramingRules(long maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    /** The body limit ({@code micronaut.server.max-request-size}). */
    long maxBodyBytes() {
        return maxBodyBytes;
    }

    /** Empty when Micronaut may have the request; otherwise why it is refused. */
    Optional<Refusal> check(HttpRequest request) {
        if (request.decoderResult().isFailure()) {
            return Optional.of(Refusal.ofDecoderFailure(request.decoderResult().cause()));
        }
        HttpVersion version = request.protocolVersion();
        if (version.majorVersion() != 1) {
            return Optional.of(Refusal.VERSION_NOT_SUPPORTED);
        }
        boolean http10 = version.minorVersion() == 0;
        if (version.minorVersion() > 1) {
            request.setProtocolVersion(HttpVersion.HTTP_1_1);
        }
        HttpHeaders headers = request.headers();
        long contentLength = contentLength(headers);
        boolean transferEncoded = headers.contains(HttpHeaderNames.TRANSFER_ENCODING);
        if (transferEncoded) {
            Optional<Refusal> refusal = transferRefusal(headers, http10);
            if (refusal.isPresent()) {
                return refusal;
            }
        } else if (contentLength > maxBodyBytes) {
            // Before any of the body is read, or 100 Continue sent, whatever the method.
            return Optional.of(Refusal.BODY_TOO_LARGE);
        }
        if (!http10 && !hasOneHost(headers)) {
            return Optional.of(Refusal.HOST_NOT_ONE);
        }
        if (!RequestTargets.parses(request.uri())) {
            return Optional.of(Refusal.MALFORMED_URI);
        }
        if (headers.contains(HttpHeaderNames.CONTENT_ENCODING) && declaresBody(headers) && !acceptContentCoding(headers)) {
            return Optional.of(Refusal.CONTENT_CODING_NOT_SUPPORTED);
        }
        return isKnown(request.method()) ? Optional.empty() : Optional.of(Refusal.METHOD_NOT_IMPLEMENTED);
    }

    /** Whether a body follows the head of a request these rules let through: it is transfer-encoded, or has a length above 0. */
    static boolean declaresBody(HttpHeaders headers) {
        return headers.contains(HttpHeaderNames.TRANSFER_ENCODING) || contentLength(headers) > 0;
    }

    /** -1 when absent. Netty's decoder has already refused an invalid value, and reduced repeated ones to one. */
    private static long contentLength(HttpHeaders headers) {
        String value = headers.get(HttpHeaderNames.CONTENT_LENGTH);
        return value == null ? -1 : Long.parseLong(value);
    }

    /** Netty's decoder (the pinned 4.2.20, {@code NettyPinTest}) has refused Content-Length together with Transfer-Encoding, whatever the codings. */
    private static Optional<Refusal> transferRefusal(HttpHeaders headers, boolean http10) {
        if (http10) {
            return Optional.of(Refusal.TRANSFER_ENCODING_BEFORE_HTTP_1_1);
        }
        return TransferCodings.check(headers.getAll(HttpHeaderNames.TRANSFER_ENCODING));
    }

    private static boolean hasOneHost(HttpHeaders headers) {
        Iterator<? extends CharSequence> hosts = headers.valueCharSequenceIterator(HttpHeaderNames.HOST);
        if (!hosts.hasNext()) {
            return false;
        }
        hosts.next();
        return !hosts.hasNext();
    }

    /** Leaves Micronaut a {@code Content-Encoding} it decodes as meant, or none; false when it could not. */
    private static boolean acceptContentCoding(HttpHeaders headers) {
        ContentCoding coding = ContentCoding.read(headers.getAll(HttpHeaderNames.CONTENT_ENCODING));
        switch (coding) {
            case UNSUPPORTED -> {
                return false;
            }
            case IDENTITY -> headers.remove(HttpHeaderNames.CONTENT_ENCODING);
            default -> headers.set(HttpHeaderNames.CONTENT_ENCODING, coding.token());
        }
        return true;
    }

    /** Netty's decoder returns its own constants for exactly these names, so case matters, as it must (RFC 9110 9.1). */
    private static boolean isKnown(HttpMethod method) {
        return method == HttpMethod.GET || method == HttpMethod.POST || method == HttpMethod.HEAD || method == HttpMethod.PUT
                || method == HttpMethod.DELETE || method == HttpMethod.OPTIONS || method == HttpMethod.PATCH
                || method == HttpMethod.TRACE || method == HttpMethod.CONNECT;
    }
}
