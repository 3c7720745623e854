package org.animalstore.application;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.port.out.LoadPetsPort;

/**
 * Concurrent lookups of pets by id share one round trip ({@link LoadPetsPort#loadPets(List)}, {@link Grouped}):
 * at most {@code readers} groups are read at a time, each of at most {@code maxGroup} ids. Listings go to
 * storage as they come.
 */
public final class GroupedLookups implements LoadPetsPort {

    private final LoadPetsPort storage;
    private final Grouped<PetId, Optional<Pet>> groups;

    public GroupedLookups(LoadPetsPort storage, int readers, int maxGroup) {
        this.storage = storage;
        this.groups = new Grouped<>(storage::loadPets, readers, maxGroup);
    }

    @Override
    public Optional<Pet> loadPet(PetId id) {
        return groups.one(id);
    }

    @Override
    public CompletableFuture<Optional<Pet>> loadPet(PetId id, Executor runner) {
        return groups.later(id, runner);
    }

    @Override
    public List<Optional<Pet>> loadPets(List<PetId> ids) {
        return storage.loadPets(ids);
    }

    @Override
    public List<Pet> loadPets(PetQuery query, int maxResults) {
        return storage.loadPets(query, maxResults);
    }
}
