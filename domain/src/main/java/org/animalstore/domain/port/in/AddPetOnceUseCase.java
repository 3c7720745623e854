package org.animalstore.domain.port.in;

import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;

/** Adds a pet at most once per idempotency key, so a client can retry an addition safely. */
public interface AddPetOnceUseCase {

    IdempotentAddition addPetOnce(IdempotencyKey key, NewPet newPet);
}
