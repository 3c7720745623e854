package org.animalstore.domain.port.out;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetQuery;

/** Storage ports held in memory: for fast tests of the application and as the contract's reference. */
public final class InMemoryPetCatalogue implements LoadPetsPort, AddPetPort {

    private final ConcurrentSkipListMap<PetId, Pet> pets = new ConcurrentSkipListMap<>();
    private final AtomicLong lastId = new AtomicLong();

    @Override
    public Pet addPet(NewPet newPet) {
        Pet pet = newPet.withId(new PetId(lastId.incrementAndGet()));
        pets.put(pet.id(), pet);
        return pet;
    }

    @Override
    public Optional<Pet> loadPet(PetId id) {
        return Optional.ofNullable(pets.get(id));
    }

    @Override
    public List<Pet> loadPets(PetQuery query, int maxResults) {
        var candidates = query.after().map(after -> pets.tailMap(after, false)).orElse(pets);
        return candidates.values().stream()
                .filter(pet -> query.status().isEmpty() || pet.status().equals(query.status()))
                .limit(maxResults)
                .toList();
    }

    public void clear() {
        pets.clear();
    }
}
