package org.animalstore.domain.port.out;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetQuery;

/** Reads pets from storage. */
public interface LoadPetsPort {

    /** The pet with this id, or empty. */
    Optional<Pet> loadPet(PetId id);

    /**
     * {@link #loadPet(PetId)} for a caller that must not block: the answer completes on a thread of {@code runner}.
     * The default takes one of its threads for the lookup; an adapter that groups lookups needs fewer.
     */
    default CompletableFuture<Optional<Pet>> loadPet(PetId id, Executor runner) {
        return CompletableFuture.supplyAsync(() -> loadPet(id), runner);
    }

    /**
     * The pets with these ids, in the order given, each empty when there is no such pet. An adapter that can
     * should read them in one round trip: the application groups concurrent lookups into one call. The default
     * looks them up one at a time.
     */
    default List<Optional<Pet>> loadPets(List<PetId> ids) {
        return ids.stream().map(this::loadPet).toList();
    }

    /**
     * Up to {@code maxResults} pets matching the query's status filter with an id greater than its
     * {@code after}, in ascending id order. {@code maxResults} may exceed the query's limit by one,
     * so callers can tell whether another page exists.
     */
    List<Pet> loadPets(PetQuery query, int maxResults);
}
