package org.animalstore.domain.port.in;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;

/** Fetches one pet by its id; empty when the catalogue has no such pet. */
public interface GetPetUseCase {

    Optional<Pet> getPet(PetId id);

    /**
     * {@link #getPet(PetId)} for a caller that must not block (an event loop): complete at once when the pet is
     * remembered, else on a thread of {@code runner} once storage has answered.
     */
    default CompletableFuture<Optional<Pet>> getPet(PetId id, Executor runner) {
        return CompletableFuture.supplyAsync(() -> getPet(id), runner);
    }

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

    /** {@link #getStoredPet(PetId)} for a caller that must not block, as {@link #getPet(PetId, Executor)}. */
    default CompletableFuture<Optional<Pet>> getStoredPet(PetId id, Executor runner) {
        return CompletableFuture.supplyAsync(() -> getStoredPet(id), runner);
    }
}
