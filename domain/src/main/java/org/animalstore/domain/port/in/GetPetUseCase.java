package org.animalstore.domain.port.in;

import java.util.Optional;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;

/** Fetches one pet by its id; empty when the catalogue has no such pet. */
public interface GetPetUseCase {

    Optional<Pet> getPet(PetId id);
}
