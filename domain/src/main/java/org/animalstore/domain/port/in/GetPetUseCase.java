package org.animalstore.domain.port.in;

import java.util.Optional;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;

/** Fetches one pet by its id; empty when the catalogue has no such pet. */
public interface GetPetUseCase {

    Optional<Pet> getPet(PetId id);

    /**
     * The pet, if it can be answered from memory without waiting on storage; empty says nothing about
     * whether it exists (ask {@link #getPet}). Callers on an event loop use it to avoid a thread hop.
     */
    default Optional<Pet> rememberedPet(PetId id) {
        return Optional.empty();
    }

    /** The pet as storage holds it now, never a remembered one: what a client that asks to revalidate gets. */
    default Optional<Pet> getStoredPet(PetId id) {
        return getPet(id);
    }
}
