package org.animalstore.adapters.rest.http;

import java.util.List;
import java.util.Optional;

/**
 * Reads a request's {@code Transfer-Encoding} for a coding this server cannot undo. Netty's decoder
 * (the pinned 4.2.20, {@code NettyPinTest}) has already refused a list whose final coding is not {@code chunked}, or that names it twice
 * (RFC 9112 6.1, 6.3); a coding before {@code chunked} would need a decoder this server does not have
 * (RFC 9112 6.1: 501). An element counts as {@code chunked} exactly when Netty's decoder counts it so
 * (trimmed, case-insensitive, no parameters).
 */
final class TransferCodings {

    private static final String CHUNKED = "chunked";

    private TransferCodings() {
    }

    /** Empty when the body is simply chunked; otherwise why the request cannot be served. */
    static Optional<Refusal> check(List<String> fieldLines) {
        for (String line : fieldLines) {
            for (String element : line.split(",")) {
                String coding = element.trim();
                // RFC 9110 5.6.1: empty list elements do not count
                if (!coding.isEmpty() && !coding.equalsIgnoreCase(CHUNKED)) {
                    return Optional.of(Refusal.TRANSFER_CODING_NOT_IMPLEMENTED);
                }
            }
        }
        return Optional.empty();
    }
}
