package org.animalstore.application;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.port.in.AddPetOnceUseCase;
import org.animalstore.domain.port.in.ForgetExpiredIdempotencyKeysUseCase;
import org.animalstore.domain.port.out.AddPetOncePort;
import org.animalstore.domain.port.out.ForgetExpiredIdempotencyKeysPort;

/**
 * Safe retries of adding a pet: a key is remembered for {@code retention}, then free again; expired keys are forgotten
 * a batch at a time, so no single storage call grows with the backlog.
 */
public record IdempotentAdditionService(AddPetOncePort storage, ForgetExpiredIdempotencyKeysPort expiredKeys, Clock clock, Duration retention)
        implements AddPetOnceUseCase, ForgetExpiredIdempotencyKeysUseCase {

    /** How many expired keys one storage call forgets: bounds each statement's work and lock footprint. */
    static final int BATCH = 500;

    public IdempotentAdditionService {
        if (retention.isNegative() || retention.isZero()) {
            throw new IllegalArgumentException("the idempotency key retention must be positive");
        }
    }

    @Override
    public IdempotentAddition addPetOnce(IdempotencyKey key, NewPet newPet) {
        Instant now = clock.instant();
        return storage.addPetOnce(key, newPet, now, now.plus(retention));
    }

    @Override
    public int forgetExpiredKeys() {
        Instant now = clock.instant();
        int total = 0;
        int forgotten;
        do {
            forgotten = expiredKeys.forgetExpiredKeys(now, BATCH);
            total += forgotten;
        } while (forgotten == BATCH);
        return total;
    }
}
