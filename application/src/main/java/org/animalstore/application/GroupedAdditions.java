package org.animalstore.application;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.port.out.AddPetPort;
import org.animalstore.domain.port.out.StorageUnavailableException;

/**
 * Concurrent additions share one transaction and one round trip ({@link AddPetPort#addPets}), group commit
 * style: at most {@code writers} groups are written at a time, and whoever finds a free writer takes every
 * addition waiting, up to {@code maxGroup}. Nothing waits for a group to fill: a lone addition is written
 * at once. Each caller returns only once its pet is committed, as with one transaction each. When a group
 * fails for another reason than storage being away, its pets are added one by one, so one pet's failure
 * is only its own.
 */
public final class GroupedAdditions implements AddPetPort {

    private record Waiting(NewPet pet, CompletableFuture<Pet> added) {
    }

    private final AddPetPort storage;
    private final int maxGroup;
    private final Semaphore writers;
    private final Queue<Waiting> waiting = new ConcurrentLinkedQueue<>();

    public GroupedAdditions(AddPetPort storage, int writers, int maxGroup) {
        if (writers < 1 || maxGroup < 1) {
            throw new IllegalArgumentException("writers and maxGroup must be at least 1");
        }
        this.storage = Objects.requireNonNull(storage, "storage");
        this.writers = new Semaphore(writers);
        this.maxGroup = maxGroup;
    }

    @Override
    public Pet addPet(NewPet newPet) {
        Waiting mine = new Waiting(Objects.requireNonNull(newPet, "newPet"), new CompletableFuture<>());
        waiting.add(mine);
        while (!mine.added().isDone()) {
            writers.acquireUninterruptibly();
            List<Waiting> group;
            try {
                group = mine.added().isDone() ? List.of() : takeGroup();
                write(group);
            } finally {
                writers.release();
            }
            if (group.isEmpty()) {
                break; // another writer has taken mine: wait for its answer
            }
        }
        return result(mine);
    }

    @Override
    public List<Pet> addPets(List<NewPet> newPets) {
        return storage.addPets(newPets);
    }

    private List<Waiting> takeGroup() {
        List<Waiting> group = new ArrayList<>();
        Waiting next;
        while (group.size() < maxGroup && (next = waiting.poll()) != null) {
            group.add(next);
        }
        return group;
    }

    private void write(List<Waiting> group) {
        if (group.isEmpty()) {
            return;
        }
        try {
            List<Pet> added = storage.addPets(group.stream().map(Waiting::pet).toList());
            for (int i = 0; i < group.size(); i++) {
                group.get(i).added().complete(added.get(i));
            }
        } catch (StorageUnavailableException e) {
            group.forEach(each -> each.added().completeExceptionally(e));
        } catch (RuntimeException e) {
            if (group.size() == 1) {
                group.getFirst().added().completeExceptionally(e);
            } else {
                group.forEach(each -> write(List.of(each)));
            }
        } catch (Error e) {
            group.forEach(each -> each.added().completeExceptionally(e));
            throw e;
        }
    }

    private static Pet result(Waiting mine) {
        try {
            return mine.added().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageUnavailableException("interrupted while the pet was being added", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
