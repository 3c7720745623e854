package org.animalstore.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.port.out.LoadPetsPort;
import org.animalstore.domain.port.out.StorageUnavailableException;
import org.junit.jupiter.api.Test;

class GroupedLookupsTest {

    /** Storage holding pets with even ids only, recording each call's ids; it can hold its first call. */
    private static final class RecordingStorage implements LoadPetsPort {
        final List<List<Long>> calls = new CopyOnWriteArrayList<>();
        final CountDownLatch firstCallEntered = new CountDownLatch(1);
        final CountDownLatch releaseFirstCall = new CountDownLatch(1);
        volatile boolean holdFirstCall;
        volatile boolean away;

        @Override
        public Optional<Pet> loadPet(PetId id) {
            return loadPets(List.of(id)).getFirst();
        }

        @Override
        public List<Optional<Pet>> loadPets(List<PetId> ids) {
            calls.add(ids.stream().map(PetId::value).toList());
            if (holdFirstCall && calls.size() == 1) {
                firstCallEntered.countDown();
                try {
                    releaseFirstCall.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (away) {
                throw new StorageUnavailableException("away", null);
            }
            return ids.stream().map(id -> id.value() % 2 == 0 ? Optional.of(pet(id.value())) : Optional.<Pet>empty()).toList();
        }

        @Override
        public List<Pet> loadPets(PetQuery query, int maxResults) {
            throw new UnsupportedOperationException("not a lookup by id");
        }
    }

    private final RecordingStorage storage = new RecordingStorage();
    private final GroupedLookups lookups = new GroupedLookups(storage, 1, 64);

    @Test
    void a_lone_lookup_is_read_at_once_on_its_own() {
        assertThat(lookups.loadPet(new PetId(2))).contains(pet(2));
        assertThat(storage.calls).containsExactly(List.of(2L));
    }

    @Test
    void lookups_that_arrive_while_a_group_is_read_share_the_next_call_and_each_gets_its_own_answer() throws Exception {
        // given a first lookup held inside storage, and four more arriving meanwhile
        storage.holdFirstCall = true;
        CompletableFuture<Optional<Pet>> first = CompletableFuture.supplyAsync(() -> lookups.loadPet(new PetId(100)), WaitingThreads::start);
        assertThat(storage.firstCallEntered.await(5, TimeUnit.SECONDS)).isTrue();
        List<Thread> threads = new ArrayList<>();
        List<CompletableFuture<Optional<Pet>>> later = new ArrayList<>();
        for (long id = 1; id <= 4; id++) {
            PetId petId = new PetId(id);
            later.add(CompletableFuture.supplyAsync(() -> lookups.loadPet(petId), task -> threads.add(WaitingThreads.start(task))));
        }
        WaitingThreads.awaitWaiting(threads, 4);

        // when the first is let go
        storage.releaseFirstCall.countDown();

        // then the four went to storage in one call, and each got its own pet or nothing
        assertThat(first.get(5, TimeUnit.SECONDS)).contains(pet(100));
        assertThat(later.get(0).get(5, TimeUnit.SECONDS)).isEmpty();
        assertThat(later.get(1).get(5, TimeUnit.SECONDS)).contains(pet(2));
        assertThat(later.get(2).get(5, TimeUnit.SECONDS)).isEmpty();
        assertThat(later.get(3).get(5, TimeUnit.SECONDS)).contains(pet(4));
        assertThat(storage.calls).hasSize(2);
        assertThat(storage.calls.get(1)).containsExactlyInAnyOrder(1L, 2L, 3L, 4L);
    }

    @Test
    void a_lookup_left_for_later_holds_its_caller_for_nothing_and_runs_on_the_executor_given() throws Exception {
        // given storage that holds its first call
        storage.holdFirstCall = true;
        List<String> ranOn = new CopyOnWriteArrayList<>();
        Executor runner = task -> Thread.ofVirtual().name("runner-a").start(() -> {
            ranOn.add(Thread.currentThread().getName());
            task.run();
        });

        // when a lookup is left for later
        CompletableFuture<Optional<Pet>> answer = lookups.loadPet(new PetId(2), runner);

        // then the caller has its future back while storage is still busy, and the answer comes from the runner
        assertThat(storage.firstCallEntered.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(answer).isNotDone();
        storage.releaseFirstCall.countDown();
        assertThat(answer.get(5, TimeUnit.SECONDS)).contains(pet(2));
        assertThat(ranOn).containsExactly("runner-a");
    }

    @Test
    void lookups_left_while_a_group_is_read_run_as_the_next_group_on_one_thread_of_its_first_callers_executor() throws Exception {
        // given a first lookup held inside storage
        storage.holdFirstCall = true;
        CompletableFuture<Optional<Pet>> first = lookups.loadPet(new PetId(100), named("first"));
        assertThat(storage.firstCallEntered.await(5, TimeUnit.SECONDS)).isTrue();
        List<String> ranOn = new CopyOnWriteArrayList<>();

        // when three more are left meanwhile, each with an executor of its own
        List<CompletableFuture<Optional<Pet>>> later = new ArrayList<>();
        for (long id = 1; id <= 3; id++) {
            String name = "caller-" + id;
            later.add(lookups.loadPet(new PetId(id), task -> {
                ranOn.add(name);
                named(name).execute(task);
            }));
        }
        storage.releaseFirstCall.countDown();

        // then they are read in one call, on one thread: the first of them's
        assertThat(first.get(5, TimeUnit.SECONDS)).contains(pet(100));
        assertThat(later.get(1).get(5, TimeUnit.SECONDS)).contains(pet(2));
        assertThat(later.get(0).get(5, TimeUnit.SECONDS)).isEmpty();
        assertThat(storage.calls).hasSize(2);
        assertThat(storage.calls.get(1)).containsExactly(1L, 2L, 3L);
        assertThat(ranOn).containsExactly("caller-1");
    }

    @Test
    void an_executor_that_refuses_the_group_fails_it_as_unavailable_and_frees_the_lane() throws Exception {
        // given an executor that is shutting down
        Executor stopped = task -> {
            throw new RejectedExecutionException("shutting down");
        };

        // when a lookup is left with it, then one with a working executor
        CompletableFuture<Optional<Pet>> refused = lookups.loadPet(new PetId(2), stopped);
        CompletableFuture<Optional<Pet>> next = lookups.loadPet(new PetId(4), named("next"));

        // then the first fails as storage being unavailable (503), and the lane still serves the next
        assertThat(refused).failsWithin(Duration.ofSeconds(1)).withThrowableThat().withCauseInstanceOf(StorageUnavailableException.class);
        assertThat(next.get(5, TimeUnit.SECONDS)).contains(pet(4));
    }

    private static Executor named(String name) {
        return task -> Thread.ofVirtual().name(name).start(task);
    }

    @Test
    void storage_being_away_fails_the_lookup_as_unavailable() {
        storage.away = true;

        assertThatThrownBy(() -> lookups.loadPet(new PetId(2))).isInstanceOf(StorageUnavailableException.class);
    }

    private static Pet pet(long id) {
        return new Pet(new PetId(id), new PetName("Pet " + id), new CategoryId(1), Optional.empty());
    }
}
