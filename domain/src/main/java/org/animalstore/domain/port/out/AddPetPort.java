package org.animalstore.domain.port.out;

import java.util.List;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;

/** Stores new pets durably and assigns their ids; ids are unique and increase with each addition. */
public interface AddPetPort {

    /**
     * Stores the pets all or none, in one transaction where the store has them, and returns them in the order
     * given with ids increasing in that order: creates that arrive together are written together.
     */
    List<Pet> addPets(List<NewPet> newPets);
}
