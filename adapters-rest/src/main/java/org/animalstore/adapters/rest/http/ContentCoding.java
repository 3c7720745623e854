package org.animalstore.adapters.rest.http;

import java.util.List;
import java.util.Locale;

/**
 * What a request's {@code Content-Encoding} asks the server to undo. Micronaut decodes one gzip or
 * deflate layer, named alone in a single field line; anything else it ignores, and the still-encoded
 * bytes would be read as JSON. So a list is reduced to that one coding ({@code identity} changes
 * nothing), and codings it cannot decode, or several stacked, are {@link #UNSUPPORTED}.
 */
enum ContentCoding {
    IDENTITY(null),
    GZIP("gzip"),
    DEFLATE("deflate"),
    UNSUPPORTED(null);

    /** The codings a client may use, for the {@code Accept-Encoding} of a refusal (RFC 9110 12.5.3). */
    static final String ACCEPTED = "gzip, deflate";

    private final String token;

    ContentCoding(String token) {
        this.token = token;
    }

    /** The single header value Micronaut decodes this coding from; null for {@link #IDENTITY} and {@link #UNSUPPORTED}. */
    String token() {
        return token;
    }

    static ContentCoding read(List<String> fieldLines) {
        ContentCoding result = IDENTITY;
        for (String line : fieldLines) {
            for (String element : line.split(",")) {
                ContentCoding coding = named(element.trim().toLowerCase(Locale.ROOT));
                if (coding == UNSUPPORTED || coding != IDENTITY && result != IDENTITY) {
                    return UNSUPPORTED;
                }
                if (coding != IDENTITY) {
                    result = coding;
                }
            }
        }
        return result;
    }

    private static ContentCoding named(String name) {
        return switch (name) {
            case "", "identity" -> IDENTITY; // RFC 9110 5.6.1: empty list elements do not count
            case "gzip", "x-gzip" -> GZIP;
            case "deflate", "x-deflate" -> DEFLATE;
            default -> UNSUPPORTED;
        };
    }
}
