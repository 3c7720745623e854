package org.animalstore.adapters.rest.pet;

import java.util.List;
import java.util.Optional;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.domain.model.IdempotencyKey;

/**
 * Reads {@code Idempotency-Key}: a structured-field String ({@code "..."}, RFC 8941), as
 * draft-ietf-httpapi-idempotency-key-header defines it, or the bare key, as Stripe's clients send it.
 * Both spell the same key; the domain then checks its length and characters.
 */
final class IdempotencyKeyHeader {

    static final String NAME = "Idempotency-Key";
    static final String REPLAYED = "Idempotent-Replayed";

    /** The longest header value that reads as a key: the longest key, every character escaped, in quotes. */
    static final int MAX_QUOTED_LENGTH = 2 + 2 * IdempotencyKey.MAX_LENGTH;

    /** What {@link #read} and the domain accept together, as the OpenAPI document's pattern: bare, or quoted and escaped. */
    static final String SYNTAX = "^(?:[!#-~][!-~]{0," + (IdempotencyKey.MAX_LENGTH - 1) + "}"
            + "|\"(?:[!#-\\[\\]-~]|\\\\[\"\\\\]){1," + IdempotencyKey.MAX_LENGTH + "}\")$";

    private IdempotencyKeyHeader() {
    }

    /** The key in the header's values (one per header line), or empty without the header. */
    static Optional<String> read(List<String> values) {
        if (values.size() > 1) {
            throw ApiException.invalidRequest(NAME + " must be given at most once");
        }
        return values.stream().findFirst().map(String::strip).map(value -> value.startsWith("\"") ? unquote(value) : value);
    }

    /** An sf-string: only {@code \"} and {@code \\} are escapes; once those pairs are taken out, no quote or backslash is left. */
    private static String unquote(String value) {
        String inner = value.length() > 1 && value.endsWith("\"") ? value.substring(1, value.length() - 1) : "\"";
        String unescaped = inner.replace("\\\\", "").replace("\\\"", "");
        if (unescaped.indexOf('"') >= 0 || unescaped.indexOf('\\') >= 0) {
            throw ApiException.invalidRequest(NAME + " is not a valid quoted string");
        }
        return inner.replaceAll("\\\\(.)", "$1");
    }
}
