package org.animalstore.domain.port.in;

import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;

/** Adds a pet to the catalogue and returns it with the id it was given. */
public interface AddPetUseCase {

    Pet addPet(NewPet newPet);
}
