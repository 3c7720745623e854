package org.animalstore.application;

import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import org.animalstore.domain.port.in.ForgetExpiredIdempotencyKeysUseCase;
import org.animalstore.domain.port.out.ForgetExpiredIdempotencyKeysPort;

/** Forgets expired idempotency keys a batch at a time, so no single storage call grows with the backlog. */
public final class ForgetExpiredIdempotencyKeysService implements ForgetExpiredIdempotencyKeysUseCase {

    /** How many expired keys one storage call forgets: bounds each statement's work and lock footprint. */
    static final int BATCH = 500;

    private final ForgetExpiredIdempotencyKeysPort storage;
    private final Clock clock;

    public ForgetExpiredIdempotencyKeysService(ForgetExpiredIdempotencyKeysPort storage, Clock clock) {
        this.storage = Objects.requireNonNull(storage, "storage");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public int forgetExpiredKeys() {
        Instant now = clock.instant();
        int total = 0;
        int forgotten;
        do {
            forgotten = storage.forgetExpiredKeys(now, BATCH);
            total += forgotten;
        } while (forgotten == BATCH);
        return total;
    }
}
