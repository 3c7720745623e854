package org.animalstore.application;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.port.in.AddPetOnceUseCase;
import org.animalstore.domain.port.out.AddPetOncePort;

/** Safe retries of adding a pet: a key is remembered for {@code retention}, then free again. */
public final class IdempotentAdditionService implements AddPetOnceUseCase {

    private final AddPetOncePort storage;
    private final Clock clock;
    private final Duration retention;
    private final PetCache cache;

    public IdempotentAdditionService(AddPetOncePort storage, Clock clock, Duration retention, PetCache cache) {
        this.cache = Objects.requireNonNull(cache, "cache");
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
        IdempotentAddition addition = storage.addPetOnce(Objects.requireNonNull(key, "key"), Objects.requireNonNull(newPet, "newPet"), now, now.plus(retention));
        if (addition instanceof IdempotentAddition.Added(Pet pet)) {
            cache.added(pet);
        }
        return addition;
    }
}
