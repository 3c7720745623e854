package org.animalstore.domain.port.out;

import java.util.List;
import java.util.Optional;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetQuery;

/** Reads pets from storage. */
public interface LoadPetsPort {

    /** The pet with this id, or empty. */
    Optional<Pet> loadPet(PetId id);

    /**
     * Up to {@code maxResults} pets matching the query's status filter with an id above its {@code after}, in id
     * order. {@code maxResults} may exceed the query's limit by one, so callers can tell whether another page exists.
     */
    List<Pet> loadPets(PetQuery query, int maxResults);
}
