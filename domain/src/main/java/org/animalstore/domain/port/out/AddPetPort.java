package org.animalstore.domain.port.out;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;

/** Stores a new pet durably and assigns its id; ids are unique and increase with each addition. */
public interface AddPetPort {

    Pet addPet(NewPet newPet);

    /**
     * {@link #addPet(NewPet)} for a caller that must not block: the answer completes on a thread of {@code runner}
     * once the pet is stored. The default takes one of its threads for the addition; an adapter that groups
     * additions needs fewer.
     */
    default CompletableFuture<Pet> addPet(NewPet newPet, Executor runner) {
        return CompletableFuture.supplyAsync(() -> addPet(newPet), runner);
    }

    /**
     * Stores several new pets durably, all or none, and returns them in the order given, with ids that
     * increase in that order. An adapter that can should do it in one transaction and one round trip: the
     * application groups concurrent additions into one call. The default adds them one at a time.
     */
    default List<Pet> addPets(List<NewPet> newPets) {
        return newPets.stream().map(this::addPet).toList();
    }
}
