package org.animalstore.adapters.rest.http;

import java.util.List;
import java.util.Optional;

/**
 * Reads a request's {@code Transfer-Encoding} as RFC 9112 (6.1, 6.3) asks: the body can be delimited
 * only when {@code chunked} is the final coding, applied once; any coding before it would need a
 * decoder this server does not have. An element counts as {@code chunked} exactly when Netty's
 * decoder counts it so (trimmed, case-insensitive, no parameters), so an accepted request is framed
 * the same way by both.
 */
final class TransferCodings {

    private static final String CHUNKED = "chunked";

    private TransferCodings() {
    }

    /** Empty when the body is simply chunked; otherwise why the request cannot be served. */
    static Optional<Refusal> check(List<String> fieldLines) {
        int chunked = 0;
        int others = 0;
        boolean chunkedLast = false;
        for (String line : fieldLines) {
            for (String element : line.split(",")) {
                String coding = element.trim();
                if (coding.isEmpty()) {
                    continue; // RFC 9110 5.6.1: empty list elements do not count
                }
                chunkedLast = coding.equalsIgnoreCase(CHUNKED);
                if (chunkedLast) {
                    chunked++;
                } else {
                    others++;
                }
            }
        }
        if (!chunkedLast) {
            return Optional.of(Refusal.CHUNKED_NOT_FINAL);
        }
        if (chunked > 1) {
            return Optional.of(Refusal.CHUNKED_TWICE);
        }
        return others > 0 ? Optional.of(Refusal.TRANSFER_CODING_NOT_IMPLEMENTED) : Optional.empty();
    }
}
