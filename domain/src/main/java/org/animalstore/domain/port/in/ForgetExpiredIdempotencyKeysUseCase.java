package org.animalstore.domain.port.in;

/** Housekeeping: forgets the idempotency keys whose retention has passed, so storage holds live keys only. */
public interface ForgetExpiredIdempotencyKeysUseCase {

    /** Forgets every key expired by now; returns how many were forgotten. */
    int forgetExpiredKeys();
}
