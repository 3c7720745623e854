package org.animalstore.adapters.rest.pet;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpParameters;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.model.PetStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The query parameters of GET /v1/pets, checked strictly (each at most once, integers in plain decimal digits), and
 * the RFC 8288 link to the next page, which carries them back. Parameters are separated by {@code &} only (RFC 3986,
 * WHATWG URL): application.yml sets {@code micronaut.server.semicolon-is-normal-char}, without which Micronaut reads
 * {@code limit=1;x} as {@code limit=1}.
 *
 * <p>Opaque, tamper-evident paging cursors: base64url (no padding) of {@code version (1 byte) | status filter (1 byte) |
 * last id (8 bytes) | HMAC-SHA256 of those 10 bytes, truncated to 16}, 35 characters; a cursor only continues the
 * listing it was issued for. The secret is {@code petstore.cursor.secret}, the same on every instance; unset, each
 * instance draws a random one. Created at startup, so a weak secret stops the service.
 */
@Context
final class PageCursors {

    static final int MIN_SECRET_LENGTH = 32;
    static final String INVALID = "cursor is not valid: use the cursor of a next link unchanged, or start again without one";
    static final String OTHER_FILTER = "cursor was issued for another status filter: use it with the same status, or start again without a cursor";

    static final String LIMIT_RANGE = "limit must be an integer from " + PetQuery.MIN_LIMIT + " to " + PetQuery.MAX_LIMIT;
    // At most 4 digits: anything longer is out of range anyway, and cannot overflow.
    private static final Pattern LIMIT_DIGITS = Pattern.compile("[0-9]{1,4}");
    private static final Logger LOG = LoggerFactory.getLogger(PageCursors.class);
    private static final byte VERSION = 1;
    private static final int PAYLOAD_LENGTH = 10;
    private static final int MAC_LENGTH = 16;
    private static final String HMAC = "HmacSHA256";

    private final SecretKeySpec key;
    /** One keyed HMAC per thread (event loops, workers): no provider lookup nor key schedule per cursor. */
    private final ThreadLocal<Mac> macs = ThreadLocal.withInitial(this::newMac);

    PageCursors(@Property(name = "petstore.cursor.secret") @Nullable String secret) {
        this.key = new SecretKeySpec(secretBytes(secret), HMAC);
    }

    PetQuery toQuery(HttpParameters parameters) {
        int limit = single(parameters, "limit").map(PageCursors::parseLimit).orElse(PetQuery.DEFAULT_LIMIT);
        Optional<PetStatus> status = single(parameters, "status").map(PetStatusValue::parse);
        Optional<PetId> after = single(parameters, "cursor").map(cursor -> decode(cursor, status));
        return new PetQuery(limit, status, after);
    }

    /** {@code </v1/pets?limit=..[&status=..]&cursor=..>; rel="next"}: the same query, continued after {@code nextAfter}. */
    String nextLink(PetQuery query, PetId nextAfter) {
        StringBuilder uri = new StringBuilder("/v1/pets?limit=").append(query.limit());
        query.status().ifPresent(status -> uri.append("&status=").append(PetStatusValue.of(status).name()));
        uri.append("&cursor=").append(encode(nextAfter, query.status()));
        return "<" + uri + ">; rel=\"next\"";
    }

    private static int parseLimit(String value) {
        int limit = LIMIT_DIGITS.matcher(value).matches() ? Integer.parseInt(value) : -1;
        if (limit < PetQuery.MIN_LIMIT || limit > PetQuery.MAX_LIMIT) {
            throw ApiException.invalidRequest(LIMIT_RANGE);
        }
        return limit;
    }

    private static Optional<String> single(HttpParameters parameters, String name) {
        List<String> values = parameters.getAll(name);
        if (values.size() > 1) {
            throw ApiException.invalidRequest(name + " must be given at most once");
        }
        return values.stream().findFirst();
    }

    String encode(PetId after, Optional<PetStatus> filter) {
        byte[] cursor = ByteBuffer.allocate(PAYLOAD_LENGTH + MAC_LENGTH)
                .put(VERSION).put(filterCode(filter)).putLong(after.value())
                .array();
        System.arraycopy(mac(cursor), 0, cursor, PAYLOAD_LENGTH, MAC_LENGTH);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(cursor);
    }

    /** The id to continue after; 400 {@code invalid_cursor} unless this service issued the cursor for {@code filter}. */
    PetId decode(String cursor, Optional<PetStatus> filter) {
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(cursor);
        } catch (IllegalArgumentException e) {
            throw invalid(INVALID);
        }
        // The 26 bytes in their canonical spelling only (35 characters), so each cursor has exactly one form.
        if (bytes.length != PAYLOAD_LENGTH + MAC_LENGTH || !Base64.getUrlEncoder().withoutPadding().encodeToString(bytes).equals(cursor)
                || !MessageDigest.isEqual(Arrays.copyOf(mac(bytes), MAC_LENGTH), Arrays.copyOfRange(bytes, PAYLOAD_LENGTH, bytes.length))
                || bytes[0] != VERSION || ByteBuffer.wrap(bytes).getLong(2) < 1) {
            throw invalid(INVALID);
        }
        if (bytes[1] != filterCode(filter)) {
            throw invalid(OTHER_FILTER);
        }
        return new PetId(ByteBuffer.wrap(bytes).getLong(2));
    }

    private byte[] mac(byte[] cursor) {
        Mac mac = macs.get();
        mac.update(cursor, 0, PAYLOAD_LENGTH);
        return mac.doFinal();
    }

    private Mac newMac() {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is required by the Java platform", e);
        }
    }

    private static byte filterCode(Optional<PetStatus> filter) {
        return filter.map(status -> switch (status) {
            case AVAILABLE -> (byte) 1;
            case PENDING -> (byte) 2;
            case SOLD -> (byte) 3;
        }).orElse((byte) 0);
    }

    private static byte[] secretBytes(String secret) {
        if (secret == null || secret.isBlank()) {
            LOG.warn("PETSTORE_CURSOR_SECRET is not set: paging cursors are signed with a random secret, so they stop working "
                    + "after a restart and on any other instance. Set the same secret on every instance.");
            byte[] random = new byte[32];
            new SecureRandom().nextBytes(random);
            return random;
        }
        if (secret.length() < MIN_SECRET_LENGTH) {
            throw new IllegalStateException("PETSTORE_CURSOR_SECRET must be at least " + MIN_SECRET_LENGTH + " characters long");
        }
        return secret.getBytes(StandardCharsets.UTF_8);
    }

    private static ApiException invalid(String message) {
        return new ApiException(ErrorCode.INVALID_CURSOR, message);
    }
}
