package org.animalstore.adapters.persistence;

import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.port.out.AddPetPort;
import org.animalstore.domain.port.out.LoadPetsPort;
import org.animalstore.domain.port.out.StorageUnavailableException;

/**
 * The catalogue's storage ports on whichever database the JDBC URL names. Connection failures surface as
 * StorageUnavailableException. With a read replica, reads go to it while it is fresh enough, a pet it does
 * not have yet is looked for on the primary, and a create returns once the replica shows it.
 * <p>
 * Concurrent creates share one transaction (group commit, ADR 0053): each caller queues its pet; whichever
 * holds the writer lock inserts every pet queued, up to {@value #MAX_GROUP}, in one statement, and callers
 * that waited for the lock find their pet done. No thread of its own: the callers' threads do the writing.
 */
@Singleton
public class PetPersistenceAdapter implements LoadPetsPort, AddPetPort {

    /** Most pets one transaction holds; bounds the statement's size. */
    static final int MAX_GROUP = 64;

    private final PetTable pets;
    private final Optional<ReadReplica> replica;
    private final ReentrantLock writer = new ReentrantLock();
    private final ConcurrentLinkedQueue<Addition> queued = new ConcurrentLinkedQueue<>();

    /** A pet waiting to be written; its outcome is set, and read, under the writer lock. */
    private static final class Addition {
        final NewPet newPet;
        Pet added;
        RuntimeException failure;

        Addition(NewPet newPet) {
            this.newPet = newPet;
        }
    }

    PetPersistenceAdapter(PetTable pets, Optional<ReadReplica> replica) {
        this.pets = pets;
        this.replica = replica;
    }

    @Override
    public Pet addPet(NewPet newPet) {
        Addition mine = new Addition(newPet);
        queued.add(mine);
        writer.lock();
        try {
            while (mine.added == null && mine.failure == null) {
                List<Addition> group = new ArrayList<>();
                for (Addition next; group.size() < MAX_GROUP && (next = queued.poll()) != null; ) {
                    group.add(next);
                }
                write(group);
            }
        } finally {
            writer.unlock();
        }
        if (mine.failure != null) {
            throw mine.failure;
        }
        return mine.added;
    }

    /** All or none; a pet the database refuses (not unreachable) is retried alone, so it fails alone. */
    private void write(List<Addition> group) {
        try {
            List<NewPet> newPets = group.stream().map(each -> each.newPet).toList();
            List<Pet> added = StorageFailures.translated(() -> group.size() == 1 ? List.of(pets.insert(newPets.getFirst())) : pets.insertAll(newPets));
            replica.ifPresent(ReadReplica::awaitReplay);
            for (int i = 0; i < group.size(); i++) {
                group.get(i).added = added.get(i);
            }
        } catch (RuntimeException e) {
            if (group.size() > 1 && !(e instanceof StorageUnavailableException)) {
                group.forEach(one -> write(List.of(one)));
            } else {
                group.forEach(each -> each.failure = e);
            }
        }
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
