package org.animalstore.domain.port.out;

import java.time.Instant;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;

/** Adds a pet at most once per idempotency key; the pet and the key's record are stored together or not at all. */
public interface AddPetOncePort {

    /**
     * A key is live while its record's {@code expiresAt} is after {@code now}. No live record for the
     * key: adds the pet and records the key until {@code expiresAt} ({@link IdempotentAddition.Added}).
     * A live record for an equal {@code newPet}: the pet it added ({@link IdempotentAddition.Replayed});
     * for another {@code newPet}: {@link IdempotentAddition.KeyReused}. Another call with the same key
     * still running: {@link IdempotentAddition.InProgress}, at once, without waiting for it.
     */
    IdempotentAddition addPetOnce(IdempotencyKey key, NewPet newPet, Instant now, Instant expiresAt);
}
