package org.animalstore.domain.model;

/**
 * A client-chosen key that makes adding a pet safe to retry, scoped to the client that sent it (the same {@code value}
 * from two clients names two keys). Both parts compare exactly (letter case, accents and trailing spaces count).
 */
public record IdempotencyKey(String client, String value) {

    public static final int MAX_LENGTH = 255;
    /** The longest client name, in Unicode code points: a bound every storage can index. */
    public static final int MAX_CLIENT_LENGTH = 100;

    public IdempotencyKey {
        if (client.isBlank() || client.codePointCount(0, client.length()) > MAX_CLIENT_LENGTH) {
            throw new IllegalArgumentException("an idempotency key needs the client it belongs to, named in 1 to " + MAX_CLIENT_LENGTH + " characters");
        }
        if (value.isEmpty() || value.length() > MAX_LENGTH || !value.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw new InvalidPetException("Idempotency-Key must be 1 to " + MAX_LENGTH + " visible ASCII characters (no spaces)");
        }
    }
}
