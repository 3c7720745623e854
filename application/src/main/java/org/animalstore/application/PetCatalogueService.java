package org.animalstore.application;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetPage;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.port.in.AddPetUseCase;
import org.animalstore.domain.port.in.GetPetUseCase;
import org.animalstore.domain.port.in.ListPetsUseCase;
import org.animalstore.domain.port.out.AddPetPort;
import org.animalstore.domain.port.out.LoadPetsPort;

/** The catalogue's use cases on top of whichever storage the ports are given, and of what {@link PetCache} remembers. */
public final class PetCatalogueService implements ListPetsUseCase, AddPetUseCase, GetPetUseCase {

    private final LoadPetsPort loadPets;
    private final AddPetPort addPet;
    private final PetCache cache;

    public PetCatalogueService(LoadPetsPort loadPets, AddPetPort addPet, PetCache cache) {
        this.loadPets = Objects.requireNonNull(loadPets, "loadPets");
        this.addPet = Objects.requireNonNull(addPet, "addPet");
        this.cache = Objects.requireNonNull(cache, "cache");
    }

    @Override
    public PetPage listPets(PetQuery query) {
        return cache.page(query).orElseGet(() -> listStoredPets(query));
    }

    @Override
    public PetPage listStoredPets(PetQuery query) {
        PetCache.PageLoad load = cache.startPageLoad();
        // One row more than asked tells whether a next page exists, without counting.
        List<Pet> pets = loadPets.loadPets(query, query.limit() + 1);
        PetPage page = pets.size() <= query.limit()
                ? new PetPage(pets, Optional.empty())
                : new PetPage(pets.subList(0, query.limit()), Optional.of(pets.get(query.limit() - 1).id()));
        cache.remember(query, page, load);
        return page;
    }

    @Override
    public Optional<PetPage> rememberedPage(PetQuery query) {
        return cache.page(query);
    }

    @Override
    public Pet addPet(NewPet newPet) {
        return added(addPet.addPet(Objects.requireNonNull(newPet, "newPet")));
    }

    @Override
    public CompletableFuture<Pet> addPet(NewPet newPet, Executor runner) {
        return addPet.addPet(Objects.requireNonNull(newPet, "newPet"), runner).thenApply(this::added);
    }

    private Pet added(Pet pet) {
        cache.added(pet);
        return pet;
    }

    @Override
    public Optional<Pet> getPet(PetId id) {
        Optional<Pet> remembered = cache.pet(Objects.requireNonNull(id, "id"));
        return remembered.isPresent() ? remembered : getStoredPet(id);
    }

    @Override
    public CompletableFuture<Optional<Pet>> getPet(PetId id, Executor runner) {
        Optional<Pet> remembered = cache.pet(Objects.requireNonNull(id, "id"));
        return remembered.isPresent() ? CompletableFuture.completedFuture(remembered) : getStoredPet(id, runner);
    }

    @Override
    public CompletableFuture<Optional<Pet>> getStoredPet(PetId id, Executor runner) {
        cache.startPetLoad();
        return loadPets.loadPet(id, runner).thenApply(pet -> loaded(id, pet));
    }

    @Override
    public Optional<Pet> getStoredPet(PetId id) {
        cache.startPetLoad();
        return loaded(id, loadPets.loadPet(id));
    }

    private Optional<Pet> loaded(PetId id, Optional<Pet> pet) {
        pet.ifPresentOrElse(cache::remember, () -> cache.forget(id));
        return pet;
    }

    @Override
    public Optional<Pet> rememberedPet(PetId id) {
        return cache.pet(id);
    }
}
