package org.animalstore.application;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.port.out.AddPetPort;

/**
 * Concurrent additions share one transaction and one round trip ({@link AddPetPort#addPets}, {@link Grouped}):
 * at most {@code writers} groups are written at a time, each of at most {@code maxGroup} pets. Each caller
 * returns only once its pet is committed, as with one transaction each.
 */
public final class GroupedAdditions implements AddPetPort {

    private final AddPetPort storage;
    private final Grouped<NewPet, Pet> groups;

    public GroupedAdditions(AddPetPort storage, int writers, int maxGroup) {
        this.storage = storage;
        this.groups = new Grouped<>(storage::addPets, writers, maxGroup);
    }

    @Override
    public Pet addPet(NewPet newPet) {
        return groups.one(newPet);
    }

    @Override
    public CompletableFuture<Pet> addPet(NewPet newPet, Executor runner) {
        return groups.later(newPet, runner);
    }

    @Override
    public List<Pet> addPets(List<NewPet> newPets) {
        return storage.addPets(newPets);
    }
}
