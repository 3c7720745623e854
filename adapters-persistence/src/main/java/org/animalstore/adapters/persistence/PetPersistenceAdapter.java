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

/** The catalogue's storage ports on PostgreSQL. Connection failures surface as StorageUnavailableException. */
@Singleton
public class PetPersistenceAdapter implements LoadPetsPort, AddPetPort {

    private final PetRowRepository repository;

    PetPersistenceAdapter(PetRowRepository repository) {
        this.repository = repository;
    }

    @Override
    public Pet addPet(NewPet newPet) {
        return PetRowMapper.toPet(StorageFailures.translated(() -> repository.save(PetRowMapper.toRow(newPet))));
    }

    @Override
    public Optional<Pet> loadPet(PetId id) {
        return StorageFailures.translated(() -> repository.findById(id.value())).map(PetRowMapper::toPet);
    }

    @Override
    public List<Pet> loadPets(PetQuery query, int maxResults) {
        long after = query.after().map(PetId::value).orElse(0L);
        List<PetRow> rows = StorageFailures.translated(() -> query.status()
                .map(status -> repository.listWithStatusAfter(PetRowMapper.toColumn(status), after, maxResults))
                .orElseGet(() -> repository.listAfter(after, maxResults)));
        return rows.stream().map(PetRowMapper::toPet).toList();
    }
}
