package org.animalstore.domain.port.in;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;

/** Adds a pet to the catalogue and returns it with the id it was given. */
public interface AddPetUseCase {

    Pet addPet(NewPet newPet);

    /**
     * {@link #addPet(NewPet)} for a caller that must not block (an event loop): completes on a thread of
     * {@code runner} once the pet is stored.
     */
    default CompletableFuture<Pet> addPet(NewPet newPet, Executor runner) {
        return CompletableFuture.supplyAsync(() -> addPet(newPet), runner);
    }
}
