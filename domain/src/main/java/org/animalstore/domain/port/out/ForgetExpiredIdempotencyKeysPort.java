package org.animalstore.domain.port.out;

import java.time.Instant;

/**
 * Removes the records of expired idempotency keys, which already have no effect ({@link AddPetOncePort}): this only
 * bounds storage. Several instances may call it at once; each record is forgotten once.
 */
public interface ForgetExpiredIdempotencyKeysPort {

    /** Forgets at most {@code max} records whose {@code expiresAt} is not after {@code now}; returns how many it forgot. */
    int forgetExpiredKeys(Instant now, int max);
}
