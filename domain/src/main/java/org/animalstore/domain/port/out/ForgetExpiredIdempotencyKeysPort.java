package org.animalstore.domain.port.out;

import java.time.Instant;

/**
 * Removes the records of idempotency keys that have expired. An expired record already has no effect
 * (see {@link AddPetOncePort}): forgetting it only bounds storage. Several instances may call this at
 * once; each record is forgotten once.
 */
public interface ForgetExpiredIdempotencyKeysPort {

    /** Forgets at most {@code max} records whose {@code expiresAt} is not after {@code now}; returns how many it forgot. */
    int forgetExpiredKeys(Instant now, int max);
}
