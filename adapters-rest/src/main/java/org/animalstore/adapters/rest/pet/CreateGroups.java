package org.animalstore.adapters.rest.pet;

import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.port.in.AddPetUseCase;
import org.animalstore.domain.port.out.StorageUnavailableException;

/**
 * Creates without an Idempotency-Key that arrive together are added in one transaction of up to {@value #MAX_GROUP}
 * (ADR 0054). A create waits in a queue, holding no thread; one worker task at a time writes the next group. A group
 * refused for another reason than storage being out of reach is retried a pet at a time, so a bad pet fails alone.
 */
@Singleton
final class CreateGroups {

    /** Most pets one transaction holds; bounds the statement's size. */
    static final int MAX_GROUP = 64;

    private record Create(NewPet newPet, CompletableFuture<Pet> added) {
    }

    private final AddPetUseCase addPets;
    private final ExecutorService workers;
    private final ConcurrentLinkedQueue<Create> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean writing = new AtomicBoolean();

    CreateGroups(AddPetUseCase addPets, @Named(WorkerQueue.EXECUTOR) ExecutorService workers) {
        this.addPets = addPets;
        this.workers = workers;
    }

    CompletableFuture<Pet> add(NewPet newPet) {
        Create create = new Create(newPet, new CompletableFuture<>());
        waiting.add(create);
        writeNextGroup();
        return create.added();
    }

    /** Starts a writer unless one runs; the writer, once done, calls this again, so no create is left behind. */
    private void writeNextGroup() {
        if (waiting.isEmpty() || !writing.compareAndSet(false, true)) {
            return;
        }
        try {
            workers.execute(() -> {
                try {
                    write(nextGroup());
                } finally {
                    writing.set(false);
                    writeNextGroup();
                }
            });
        } catch (RejectedExecutionException e) {
            for (Create create; (create = waiting.poll()) != null; ) {
                create.added().completeExceptionally(WorkerQueue.stopped());
            }
            writing.set(false);
        }
    }

    private List<Create> nextGroup() {
        List<Create> group = new ArrayList<>();
        for (Create next; group.size() < MAX_GROUP && (next = waiting.poll()) != null; ) {
            group.add(next);
        }
        return group;
    }

    /** Never given an empty group: a writer starts only once a create waits, and only the one writer takes creates. */
    private void write(List<Create> group) {
        try {
            List<Pet> added = addPets.addPets(group.stream().map(Create::newPet).toList());
            for (int i = 0; i < group.size(); i++) {
                group.get(i).added().complete(added.get(i));
            }
        } catch (RuntimeException e) {
            if (group.size() > 1 && !(e instanceof StorageUnavailableException)) {
                group.forEach(one -> write(List.of(one)));
            } else {
                group.forEach(create -> create.added().completeExceptionally(e));
            }
        } finally {
            // Whatever went wrong above, no create waits forever (a no-op for those already answered).
            group.forEach(create -> create.added().completeExceptionally(new IllegalStateException("pet not written")));
        }
    }
}
