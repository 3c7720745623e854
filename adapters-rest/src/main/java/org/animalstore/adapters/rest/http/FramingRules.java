package org.animalstore.adapters.rest.http;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.animalstore.adapters.rest.http.RefusalResponses.Refusal;

/**
 * The checks of a decoded request head that Netty's decoder and Micronaut leave out (RFC 9112 3.2, 6; RFC 9110 2.5,
 * 8.4, 9.1), in order of gravity. An accepted request may be normalised: HTTP/1.x to HTTP/1.1, {@code Content-Encoding}
 * to the one coding Micronaut decodes. {@code maxBodyBytes}: {@code micronaut.server.max-request-size}.
 */
record FramingRules(long maxBodyBytes) {

    /** The content codings a client may use, for the {@code Accept-Encoding} of a 415 (RFC 9110 12.5.3). */
    static final String ACCEPTED_CODINGS = "gzip, deflate";
    private static final String PLAIN_URI_MARKS = "-._~!$&'()*+,;=:@/?";

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
            // Netty's decoder (the pinned 4.2.20) has refused Content-Length beside it, and a list not ending in chunked.
            if (http10) {
                return Optional.of(Refusal.TRANSFER_ENCODING_BEFORE_HTTP_1_1);
            }
            if (!onlyChunked(headers.getAll(HttpHeaderNames.TRANSFER_ENCODING))) {
                return Optional.of(Refusal.TRANSFER_CODING_NOT_IMPLEMENTED);
            }
        } else if (contentLength > maxBodyBytes) {
            // Before any of the body is read, or 100 Continue sent, whatever the method.
            return Optional.of(Refusal.BODY_TOO_LARGE);
        }
        if (!http10 && headers.getAll(HttpHeaderNames.HOST).size() != 1) {
            return Optional.of(Refusal.HOST_NOT_ONE);
        }
        if (!parses(request.uri())) {
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

    /** Whether a {@code Transfer-Encoding} names only chunked, as Netty counts it; else 501 (RFC 9112 6.1). */
    static boolean onlyChunked(List<String> fieldLines) {
        return elements(fieldLines).allMatch("chunked"::equalsIgnoreCase);
    }

    /** The trimmed elements of a list-valued field's lines; empty ones do not count (RFC 9110 5.6.1). */
    static Stream<String> elements(List<String> fieldLines) {
        return fieldLines.stream().flatMap(line -> Arrays.stream(line.split(","))).map(String::trim).filter(element -> !element.isEmpty());
    }

    /** Whether Micronaut can parse a request target (its 400 lost the X-Request-Id); {@link URI} only past plain characters. */
    static boolean parses(String target) {
        for (int i = 0; i < target.length(); i++) {
            char c = target.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || PLAIN_URI_MARKS.indexOf(c) >= 0)) {
                try {
                    new URI(target);
                    return true;
                } catch (URISyntaxException e) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Leaves Micronaut a {@code Content-Encoding} it decodes as meant, or none; false when it could not. */
    private static boolean acceptContentCoding(HttpHeaders headers) {
        String coding = contentCoding(headers.getAll(HttpHeaderNames.CONTENT_ENCODING));
        if (coding == null) {
            return false;
        }
        if (coding.isEmpty()) {
            headers.remove(HttpHeaderNames.CONTENT_ENCODING);
        } else {
            headers.set(HttpHeaderNames.CONTENT_ENCODING, coding);
        }
        return true;
    }

    /** The one layer, gzip or deflate, to undo ("" for none); null for others or several (Micronaut would read them as the body). */
    static String contentCoding(List<String> fieldLines) {
        List<String> layers = elements(fieldLines).map(FramingRules::layer).filter(layer -> !"".equals(layer)).toList();
        return layers.isEmpty() ? "" : layers.size() == 1 ? layers.getFirst() : null;
    }

    private static String layer(String coding) {
        return switch (coding.toLowerCase(Locale.ROOT)) {
            case "identity" -> "";
            case "gzip", "x-gzip" -> "gzip";
            case "deflate", "x-deflate" -> "deflate";
            default -> null;
        };
    }

    /** Netty's decoder returns its own constants for exactly these names, so case matters, as it must (RFC 9110 9.1). */
    private static boolean isKnown(HttpMethod method) {
        return method == HttpMethod.GET || method == HttpMethod.POST || method == HttpMethod.HEAD || method == HttpMethod.PUT
                || method == HttpMethod.DELETE || method == HttpMethod.OPTIONS || method == HttpMethod.PATCH
                || method == HttpMethod.TRACE || method == HttpMethod.CONNECT;
    }
}
