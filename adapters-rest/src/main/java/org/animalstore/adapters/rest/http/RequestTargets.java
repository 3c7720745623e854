package org.animalstore.adapters.rest.http;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * Whether Micronaut can parse a request target. It answers one it cannot (a malformed percent-escape,
 * a character no URI holds) through a substitute {@code GET /} that carries none of the request's
 * headers, so that 400 lost the caller's {@code X-Request-Id}; refused by the guard, it keeps it. The
 * common target, of plain URI characters without escapes, costs one scan; any other is parsed as
 * Micronaut parses it ({@link URI}).
 */
final class RequestTargets {

    private static final String PLAIN_MARKS = "-._~!$&'()*+,;=:@/?";

    private RequestTargets() {
    }

    static boolean parses(String target) {
        for (int i = 0; i < target.length(); i++) {
            if (!isPlain(target.charAt(i))) {
                return parsesAsUri(target);
            }
        }
        return true;
    }

    private static boolean isPlain(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || PLAIN_MARKS.indexOf(c) >= 0;
    }

    private static boolean parsesAsUri(String target) {
        try {
            new URI(target);
            return true;
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
