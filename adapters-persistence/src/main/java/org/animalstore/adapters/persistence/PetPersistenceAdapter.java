package org.animalstore.adapters.persistence;

import jakarta.inject.Singleton;
import java.util.List;
import java.util.Optional;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.port.out.AddPetPort;
import org.animalstore.domain.port.out.LoadPetsPort;

/** The catalogue's storage ports on whichever database the JDBC URL names. Connection failures surface as StorageUnavailableException. */
@Singleton
public class PetPersistenceAdapter implements LoadPetsPort, AddPetPort {

    private final PetTable pets;

    PetPersistenceAdapter(PetTable pets) {
        this.pets = pets;
    }

    @Override
    public Pet addPet(NewPet newPet) {
        return StorageFailures.translated(() -> pets.insert(newPet));
    }

    @Override
    public List<Pet> addPets(List<NewPet> newPets) {
        if (newPets.isEmpty()) {
            return List.of();
        }
        return StorageFailures.translated(() -> newPets.size() == 1 ? List.of(pets.insert(newPets.getFirst())) : pets.insertAll(newPets));
    }

    @Override
    public Optional<Pet> loadPet(PetId id) {
        return StorageFailures.translated(() -> pets.find(id.value()));
    }

    @Override
    public List<Pet> loadPets(PetQuery query, int maxResults) {
        long after = query.after().map(PetId::value).orElse(0L);
        return StorageFailures.translated(() -> query.status()
                .map(status -> pets.listWithStatusAfter(PetRowMapper.toColumn(status), after, maxResults))
                .orElseGet(() -> pets.listAfter(after, maxResults)));
    }
}
