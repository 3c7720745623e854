package org.animalstore.domain.port.out;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetQuery;

/** Storage ports held in memory: for fast tests of the application and as the contracts' reference. */
public final class InMemoryPetCatalogue implements LoadPetsPort, AddPetPort, AddPetOncePort, ForgetExpiredIdempotencyKeysPort {

    private final ConcurrentSkipListMap<PetId, Pet> pets = new ConcurrentSkipListMap<>(Comparator.comparingLong(PetId::value));
    private final AtomicLong lastId = new AtomicLong();
    private final ConcurrentHashMap<IdempotencyKey, KeyRecord> keys = new ConcurrentHashMap<>();

    /** A key is claimed (pet null) while its addition runs, then holds the request and the pet it added. */
    private record KeyRecord(NewPet request, Pet pet, Instant expiresAt) {

        boolean liveAt(Instant now) {
            return pet == null || expiresAt.isAfter(now);
        }
    }

    @Override
    public synchronized List<Pet> addPets(List<NewPet> newPets) {
        List<Pet> added = newPets.stream().map(newPet -> newPet.withId(new PetId(lastId.incrementAndGet()))).toList();
        added.forEach(pet -> pets.put(pet.id(), pet));
        return added;
    }

    /** One pet: {@link #addPets} of a group of one. */
    public Pet addPet(NewPet newPet) {
        return addPets(List.of(newPet)).getFirst();
    }

    @Override
    public IdempotentAddition addPetOnce(IdempotencyKey key, NewPet newPet, Instant now, Instant expiresAt) {
        KeyRecord claim = new KeyRecord(newPet, null, expiresAt);
        KeyRecord holder = keys.compute(key, (k, existing) -> existing == null || !existing.liveAt(now) ? claim : existing);
        if (holder != claim) {
            if (holder.pet() == null) {
                return new IdempotentAddition.InProgress();
            }
            return holder.request().equals(newPet) ? new IdempotentAddition.Replayed(holder.pet()) : new IdempotentAddition.KeyReused();
        }
        Pet pet = addPet(newPet);
        keys.put(key, new KeyRecord(newPet, pet, expiresAt));
        return new IdempotentAddition.Added(pet);
    }

    @Override
    public int forgetExpiredKeys(Instant now, int max) {
        AtomicInteger forgotten = new AtomicInteger();
        keys.forEach((key, record) -> {
            if (forgotten.get() < max && !record.liveAt(now) && keys.remove(key, record)) {
                forgotten.incrementAndGet();
            }
        });
        return forgotten.get();
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
        keys.clear();
    }
}
