package org.animalstore.domain.port.out;

import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;

/**
 * Stores a new pet durably and assigns its id; ids are unique and increase with each addition. Callers may
 * call it from many threads at once: an adapter may write concurrent additions together (one transaction).
 */
public interface AddPetPort {

    Pet addPet(NewPet newPet);
}
