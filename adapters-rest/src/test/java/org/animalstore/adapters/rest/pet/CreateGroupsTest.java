package org.animalstore.adapters.rest.pet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.port.out.InMemoryPetCatalogue;
import org.animalstore.domain.port.out.StorageUnavailableException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Creates that arrive together are written as one group, without a thread each, and fail one by one. */
class CreateGroupsTest {

    private final ExecutorService workers = Executors.newFixedThreadPool(2);
    private final InMemoryPetCatalogue storage = new InMemoryPetCatalogue();
    private final List<List<NewPet>> groups = new ArrayList<>();

    @AfterEach
    void stopWorkers() {
        workers.shutdownNow();
    }

    @Test
    void creates_that_arrive_while_a_group_is_written_share_the_next_group() throws Exception {
        // given a first create stuck in its write
        CountDownLatch release = new CountDownLatch(1);
        CreateGroups creates = new CreateGroups(newPets -> {
            record(newPets);
            await(release);
            return storage.addPets(newPets);
        }, workers);
        CompletableFuture<Pet> first = creates.add(newPet("first"));
        waitForGroups(1);

        // when five more arrive meanwhile, then it goes through
        List<CompletableFuture<Pet>> more = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            more.add(creates.add(newPet("Pet " + i)));
        }
        release.countDown();

        // then each gets its own pet, and the five were one group
        assertThat(first.get(5, TimeUnit.SECONDS).name().value()).isEqualTo("first");
        for (int i = 0; i < 5; i++) {
            assertThat(more.get(i).get(5, TimeUnit.SECONDS).name().value()).isEqualTo("Pet " + i);
        }
        assertThat(groups).extracting(List::size).containsExactly(1, 5);
    }

    @Test
    void a_group_the_store_refuses_is_retried_pet_by_pet_so_only_the_bad_pet_fails() throws Exception {
        // given a store that refuses any group holding the pet named "bad"
        CountDownLatch release = new CountDownLatch(1);
        CreateGroups creates = new CreateGroups(newPets -> {
            record(newPets);
            await(release);
            if (newPets.stream().anyMatch(pet -> pet.name().value().equals("bad"))) {
                throw new IllegalStateException("refused");
            }
            return storage.addPets(newPets);
        }, workers);
        CompletableFuture<Pet> first = creates.add(newPet("first"));
        waitForGroups(1);

        // when a good and a bad pet arrive together
        CompletableFuture<Pet> good = creates.add(newPet("good"));
        CompletableFuture<Pet> bad = creates.add(newPet("bad"));
        release.countDown();

        // then the good one is added and only the bad one fails
        assertThat(first.get(5, TimeUnit.SECONDS).name().value()).isEqualTo("first");
        assertThat(good.get(5, TimeUnit.SECONDS).name().value()).isEqualTo("good");
        assertThatThrownBy(() -> bad.get(5, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class).hasRootCauseMessage("refused");
    }

    @Test
    void a_store_out_of_reach_fails_the_whole_group_at_once() throws Exception {
        // given a store out of reach
        CreateGroups creates = new CreateGroups(newPets -> {
            record(newPets);
            throw new StorageUnavailableException("down", null);
        }, workers);

        // when a pet is created, then it fails with the storage's failure, in one try
        assertThatThrownBy(() -> creates.add(newPet("any")).get(5, TimeUnit.SECONDS))
                .hasCauseInstanceOf(StorageUnavailableException.class);
        assertThat(groups).hasSize(1);
    }

    private synchronized void record(List<NewPet> newPets) {
        groups.add(newPets);
    }

    private void waitForGroups(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (groupCount() < count && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
    }

    private synchronized int groupCount() {
        return groups.size();
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
