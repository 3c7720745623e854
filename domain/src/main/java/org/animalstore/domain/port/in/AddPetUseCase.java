package org.animalstore.domain.port.in;

import java.util.List;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;

/**
 * Adds pets to the catalogue, all or none, and returns them in the order given with the ids they were given.
 * A create is a group of one; an adapter that receives creates together may hand them over as one group.
 */
public interface AddPetUseCase {

    List<Pet> addPets(List<NewPet> newPets);
}
