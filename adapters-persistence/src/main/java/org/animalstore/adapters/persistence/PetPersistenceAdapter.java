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

/**
 * The catalogue's storage ports on whichever database the JDBC URL names. Connection failures surface as
 * StorageUnavailableException. With a read replica, reads go to it while it is fresh enough, a pet it does
 * not have yet is looked for on the primary, and a create returns once the replica shows it.
 */
@Singleton
public class PetPersistenceAdapter implements LoadPetsPort, AddPetPort {

    private final PetTable pets;
    private final Optional<ReadReplica> replica;

    PetPersistenceAdapter(PetTable pets, Optional<ReadReplica> replica) {
        this.pets = pets;
        this.replica = replica;
    }

    /** One transaction and one statement for the whole group; with a replica, returns once it shows them. */
    @Override
    public List<Pet> addPets(List<NewPet> newPets) {
        List<Pet> added = StorageFailures.translated(() -> newPets.size() == 1 ? List.of(pets.insert(newPets.getFirst())) : pets.insertAll(newPets));
        replica.ifPresent(ReadReplica::awaitReplay);
        return added;
    }

    @Override
    public Optional<Pet> loadPet(PetId id) {
        long wanted = id.value();
        Optional<Pet> onReplica = replica.flatMap(copy -> copy.read(connection -> pets.find(connection, wanted))).flatMap(found -> found);
        return onReplica.isPresent() ? onReplica : StorageFailures.translated(() -> pets.find(wanted));
    }

    @Override
    public List<Pet> loadPets(PetQuery query, int maxResults) {
        long after = query.after().map(PetId::value).orElse(0L);
        return replica.flatMap(copy -> copy.read(connection -> pets.list(connection, query.status(), after, maxResults)))
                .orElseGet(() -> StorageFailures.translated(() -> pets.list(query.status(), after, maxResults)));
    }
}
