package bench.springpets;

import bench.springpets.Pets.PetStatus;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

/**
 * The service's paging cursor, so both do the same work per page: base64url of version, status filter
 * and last id, with a truncated HMAC-SHA256 of them (PETSTORE_CURSOR_SECRET, else a random secret).
 */
@Component
class PageCursors {

    private static final int PAYLOAD = 10;
    private static final int MAC = 16;

    /** Keyed once; each use clones it (as the service does), skipping the provider lookup and key schedule. */
    private final Mac keyedMac;

    PageCursors(@Value("${petstore.cursor-secret:}") String secret) {
        byte[] bytes = secret.isBlank() ? new byte[32] : secret.getBytes(StandardCharsets.UTF_8);
        if (secret.isBlank()) {
            new SecureRandom().nextBytes(bytes);
        }
        try {
            this.keyedMac = Mac.getInstance("HmacSHA256");
            keyedMac.init(new SecretKeySpec(bytes, "HmacSHA256"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    String encode(long after, PetStatus filter) {
        byte[] cursor = ByteBuffer.allocate(PAYLOAD + MAC).put((byte) 1).put(code(filter)).putLong(after).array();
        System.arraycopy(mac(cursor), 0, cursor, PAYLOAD, MAC);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(cursor);
    }

    long decode(String cursor, PetStatus filter) {
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(cursor);
        } catch (IllegalArgumentException e) {
            throw invalid();
        }
        if (bytes.length != PAYLOAD + MAC
                || !MessageDigest.isEqual(Arrays.copyOf(mac(bytes), MAC), Arrays.copyOfRange(bytes, PAYLOAD, PAYLOAD + MAC))
                || bytes[0] != 1 || bytes[1] != code(filter)) {
            throw invalid();
        }
        return ByteBuffer.wrap(bytes).getLong(2);
    }

    private byte[] mac(byte[] cursor) {
        try {
            Mac mac = (Mac) keyedMac.clone();
            mac.update(cursor, 0, PAYLOAD);
            return mac.doFinal();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte code(PetStatus filter) {
        return (byte) (filter == null ? 0 : filter.ordinal() + 1);
    }

    private static ApiException invalid() {
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid_cursor", "cursor is not valid: start again without one");
    }
}
