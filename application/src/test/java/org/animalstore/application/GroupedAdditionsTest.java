package org.animalstore.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.port.out.AddPetPort;
import org.animalstore.domain.port.out.StorageUnavailableException;
import org.junit.jupiter.api.Test;

class GroupedAdditionsTest {

    /** Storage that records each call's pets, can hold the first call, and refuses what a test says. */
    private static final class RecordingStorage implements AddPetPort {
        final List<List<String>> calls = new CopyOnWriteArrayList<>();
        final CountDownLatch firstCallEntered = new CountDownLatch(1);
        final CountDownLatch releaseFirstCall = new CountDownLatch(1);
        final AtomicLong lastId = new AtomicLong();
        volatile boolean holdFirstCall;
        volatile RuntimeException refusal;

        @Override
        public Pet addPet(NewPet newPet) {
            return addPets(List.of(newPet)).getFirst();
        }

        @Override
        public List<Pet> addPets(List<NewPet> newPets) {
            calls.add(newPets.stream().map(pet -> pet.name().value()).toList());
            if (holdFirstCall && calls.size() == 1) {
                firstCallEntered.countDown();
                await(releaseFirstCall);
            }
            if (refusal != null && (refusal instanceof StorageUnavailableException || newPets.stream().anyMatch(pet -> pet.name().value().equals("Bad")))) {
                throw refusal;
            }
            return newPets.stream().map(pet -> pet.withId(new PetId(lastId.incrementAndGet()))).toList();
        }
    }

    private final RecordingStorage storage = new RecordingStorage();
    private final GroupedAdditions additions = new GroupedAdditions(storage, 1, 64);

    @Test
    void a_lone_addition_is_written_at_once_on_its_own() {
        Pet added = additions.addPet(newPet("Rex"));

        assertThat(added.name().value()).isEqualTo("Rex");
        assertThat(storage.calls).containsExactly(List.of("Rex"));
    }

    @Test
    void additions_that_arrive_while_a_group_is_written_share_the_next_call() throws Exception {
        // given a first addition held inside storage, and five more arriving meanwhile
        List<CompletableFuture<Pet>> later = whileAFirstAdditionIsHeld("Pet 0", "Pet 1", "Pet 2", "Pet 3", "Pet 4");

        // then the five went to storage together, and each caller got its own pet
        for (int i = 0; i < 5; i++) {
            assertThat(later.get(i).get(5, TimeUnit.SECONDS).name().value()).isEqualTo("Pet " + i);
        }
        assertThat(storage.calls).hasSize(2);
        assertThat(storage.calls.get(1)).containsExactlyInAnyOrder("Pet 0", "Pet 1", "Pet 2", "Pet 3", "Pet 4");
    }

    @Test
    void a_pet_that_fails_its_group_fails_alone() throws Exception {
        // given storage that refuses one pet
        storage.refusal = new IllegalStateException("refused");

        // when it is in a group with another
        List<CompletableFuture<Pet>> later = whileAFirstAdditionIsHeld("Bad", "Good");

        // then only it fails; the other was added on its own
        assertThat(later.get(0)).failsWithin(5, TimeUnit.SECONDS).withThrowableThat().withRootCauseInstanceOf(IllegalStateException.class);
        assertThat(later.get(1).get(5, TimeUnit.SECONDS).name().value()).isEqualTo("Good");
        // (the two arrive in either order, so each call's pets are compared sorted)
        assertThat(storage.calls.subList(1, storage.calls.size()).stream().map(call -> call.stream().sorted().toList()))
                .containsExactlyInAnyOrder(List.of("Bad", "Good"), List.of("Bad"), List.of("Good"));
    }

    /** Holds a first addition inside storage until additions of {@code names} all wait, then lets it go. */
    private List<CompletableFuture<Pet>> whileAFirstAdditionIsHeld(String... names) throws Exception {
        storage.holdFirstCall = true;
        CompletableFuture<Pet> first = CompletableFuture.supplyAsync(() -> additions.addPet(newPet("First")), WaitingThreads::start);
        assertThat(storage.firstCallEntered.await(5, TimeUnit.SECONDS)).isTrue();
        List<Thread> threads = new ArrayList<>();
        List<CompletableFuture<Pet>> later = new ArrayList<>();
        for (String name : names) {
            later.add(CompletableFuture.supplyAsync(() -> additions.addPet(newPet(name)), task -> threads.add(WaitingThreads.start(task))));
        }
        WaitingThreads.awaitWaiting(threads, names.length);
        storage.releaseFirstCall.countDown();
        assertThat(first.get(5, TimeUnit.SECONDS).name().value()).isEqualTo("First");
        return later;
    }

    @Test
    void storage_being_away_fails_every_addition_of_the_group() {
        storage.refusal = new StorageUnavailableException("away", null);

        assertThatThrownBy(() -> additions.addPet(newPet("Rex"))).isInstanceOf(StorageUnavailableException.class);
    }

    @Test
    void rejects_no_writers_and_groups_empty_or_above_1000() {
        assertThatThrownBy(() -> new GroupedAdditions(storage, 0, 64)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new GroupedAdditions(storage, 1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new GroupedAdditions(storage, 1, 1001)).isInstanceOf(IllegalArgumentException.class);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static NewPet newPet(String name) {
        return new NewPet(new PetName(name), new CategoryId(1), Optional.empty());
    }
}
