package org.animalstore.application;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.port.in.AddPetOnceUseCase;
import org.animalstore.domain.port.out.AddPetOncePort;

/** Safe retries of adding a pet: a key is remembered for {@code retention}, then free again. */
public final class IdempotentAdditionService implements AddPetOnceUseCase {

    private final AddPetOncePort storage;
    private final Clock clock;
    private final Duration retention;

    public IdempotentAdditionService(AddPetOncePort storage, Clock clock, Duration retention) {
        this.storage = Objects.requireNonNull(storage, "storage");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.retention = Objects.requireNonNull(retention, "retention");
        if (retention.isNegative() || retention.isZero()) {
            throw new IllegalArgumentException("the idempotency key retention must be positive");
        }
    }

    @Override
    public IdempotentAddition addPetOnce(IdempotencyKey key, NewPet newPet) {
        Instant now = clock.instant();
        return storage.addPetOnce(Objects.requireNonNull(key, "key"), Objects.requireNonNull(newPet, "newPet"), now, now.plus(retention));
    }
}
