package org.animalstore.domain.port.out;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.model.PetStatus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every implementation of {@link AddPetOncePort} and {@link ForgetExpiredIdempotencyKeysPort}
 * must do. A team swapping the persistence adapter extends this class, supplies its adapter, a way to
 * read the pets it stored and an empty store, and runs it.
 */
public abstract class AddPetOnceContract {

    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    private static final Duration TTL = Duration.ofHours(24);
    private static final IdempotencyKey KEY = new IdempotencyKey("key-1", "order-7f3a");

    /** The adapter under test. */
    protected abstract AddPetOncePort storage();

    /** Forgets the adapter under test's expired keys (often the same object as {@link #storage()}). */
    protected abstract ForgetExpiredIdempotencyKeysPort keyExpiry();

    /** Reads the pets the adapter under test stored. */
    protected abstract LoadPetsPort pets();

    /** Removes every pet and every idempotency record, so each test starts from nothing. */
    protected abstract void emptyTheStore();

    @BeforeEach
    void startEmpty() {
        emptyTheStore();
    }

    @Test
    void the_first_addition_under_a_key_adds_the_pet() {
        // when
        IdempotentAddition result = addOnce(KEY, rex(), NOW);

        // then
        assertThat(result).isInstanceOf(IdempotentAddition.Added.class);
        Pet added = ((IdempotentAddition.Added) result).pet();
        assertThat(added.name()).isEqualTo(rex().name());
        assertThat(pets().loadPet(added.id())).contains(added);
    }

    @Test
    void a_retry_with_an_equal_pet_returns_the_first_pet_and_adds_nothing() {
        // given
        Pet first = added(addOnce(KEY, rex(), NOW));

        // when
        IdempotentAddition retry = addOnce(KEY, rex(), NOW.plusSeconds(60));

        // then
        assertThat(retry).isEqualTo(new IdempotentAddition.Replayed(first));
        assertThat(allPets()).containsExactly(first);
    }

    @Test
    void a_retry_of_a_pet_without_status_replays_it() {
        NewPet nemo = new NewPet(new PetName("Nemo"), new CategoryId(2), Optional.empty());
        Pet first = added(addOnce(KEY, nemo, NOW));

        assertThat(addOnce(KEY, nemo, NOW)).isEqualTo(new IdempotentAddition.Replayed(first));
    }

    @Test
    void a_retry_with_a_different_pet_is_refused_and_adds_nothing() {
        Pet first = added(addOnce(KEY, rex(), NOW));

        for (NewPet other : List.of(
                newPet("Max", 3, PetStatus.AVAILABLE),
                newPet("Rex", 4, PetStatus.AVAILABLE),
                newPet("Rex", 3, PetStatus.SOLD),
                newPet("Rex", 3, null))) {
            assertThat(addOnce(KEY, other, NOW)).as("retry with %s", other).isEqualTo(new IdempotentAddition.KeyReused());
        }
        assertThat(allPets()).containsExactly(first);
    }

    @Test
    void the_same_key_from_another_client_is_another_key() {
        Pet mine = added(addOnce(KEY, rex(), NOW));

        IdempotentAddition theirs = addOnce(new IdempotencyKey("key-2", KEY.value()), rex(), NOW);

        assertThat(theirs).isInstanceOf(IdempotentAddition.Added.class);
        assertThat(added(theirs).id()).isNotEqualTo(mine.id());
    }

    @Test
    void different_keys_of_one_client_add_different_pets() {
        Pet first = added(addOnce(KEY, rex(), NOW));
        Pet second = added(addOnce(new IdempotencyKey(KEY.client(), "order-8b21"), rex(), NOW));

        assertThat(allPets()).containsExactly(first, second);
    }

    @Test
    void a_key_is_live_until_its_expiry() {
        Pet first = added(addOnce(KEY, rex(), NOW));

        IdempotentAddition justBefore = addOnce(KEY, newPet("Other", 1, null), NOW.plus(TTL).minusSeconds(1));

        assertThat(justBefore).isEqualTo(new IdempotentAddition.KeyReused());
        assertThat(allPets()).containsExactly(first);
    }

    @Test
    void an_expired_key_is_free_again() {
        // given a key that expired at NOW + TTL
        Pet first = added(addOnce(KEY, rex(), NOW));
        Instant later = NOW.plus(TTL);

        // when it is used again, even for another pet
        IdempotentAddition reused = addOnce(KEY, newPet("Other", 1, null), later);

        // then it adds that pet, and replays it from then on
        Pet second = added(reused);
        assertThat(second.id()).isNotEqualTo(first.id());
        assertThat(addOnce(KEY, newPet("Other", 1, null), later)).isEqualTo(new IdempotentAddition.Replayed(second));
    }

    @Test
    void a_key_expires_at_its_instant_to_the_nanosecond() {
        // Storage may keep coarser timestamps, but must never make a key outlive its expiry.
        Instant madeAt = NOW.plusNanos(999_999_999);
        added(addOnce(KEY, rex(), madeAt));

        assertThat(addOnce(KEY, newPet("Other", 1, null), madeAt.plus(TTL))).isInstanceOf(IdempotentAddition.Added.class);
    }

    @Test
    void forgets_expired_keys_only_and_at_most_max_at_a_time() {
        // given three keys added at NOW (expiring at NOW + TTL) and one an hour later
        for (String value : List.of("a", "b", "c")) {
            addOnce(new IdempotencyKey("key-1", value), rex(), NOW);
        }
        Pet lasting = added(addOnce(new IdempotencyKey("key-1", "d"), rex(), NOW.plusSeconds(3600)));
        Instant afterFirstThree = NOW.plus(TTL);

        // when / then
        assertThat(keyExpiry().forgetExpiredKeys(afterFirstThree, 2)).isEqualTo(2);
        assertThat(keyExpiry().forgetExpiredKeys(afterFirstThree, 2)).isEqualTo(1);
        assertThat(keyExpiry().forgetExpiredKeys(afterFirstThree, 2)).isZero();
        assertThat(addOnce(new IdempotencyKey("key-1", "d"), rex(), afterFirstThree)).isEqualTo(new IdempotentAddition.Replayed(lasting));
        assertThat(allPets()).hasSize(4);
    }

    @Test
    void concurrent_additions_under_one_key_add_exactly_one_pet() throws Exception {
        // given many callers released at the same instant with the same key and pet
        int callers = 12;
        CountDownLatch start = new CountDownLatch(1);
        List<Callable<IdempotentAddition>> calls = new ArrayList<>();
        for (int i = 0; i < callers; i++) {
            calls.add(() -> {
                start.await();
                return addOnce(KEY, rex(), NOW);
            });
        }

        // when
        List<IdempotentAddition> results = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(callers)) {
            List<Future<IdempotentAddition>> futures = calls.stream().map(threads::submit).toList();
            start.countDown();
            for (Future<IdempotentAddition> future : futures) {
                results.add(future.get());
            }
        }

        // then one added the pet, every other one replayed it or was told to retry later
        List<Pet> pets = allPets();
        assertThat(pets).hasSize(1);
        assertThat(results).filteredOn(IdempotentAddition.Added.class::isInstance).containsExactly(new IdempotentAddition.Added(pets.getFirst()));
        assertThat(results).allMatch(result -> result instanceof IdempotentAddition.Added
                || result.equals(new IdempotentAddition.Replayed(pets.getFirst()))
                || result instanceof IdempotentAddition.InProgress);
        assertThat(addOnce(KEY, rex(), NOW)).isEqualTo(new IdempotentAddition.Replayed(pets.getFirst()));
    }

    private IdempotentAddition addOnce(IdempotencyKey key, NewPet newPet, Instant now) {
        return storage().addPetOnce(key, newPet, now, now.plus(TTL));
    }

    private List<Pet> allPets() {
        return pets().loadPets(new PetQuery(PetQuery.MAX_LIMIT, Optional.empty(), Optional.empty()), 1000);
    }

    private static Pet added(IdempotentAddition result) {
        assertThat(result).isInstanceOf(IdempotentAddition.Added.class);
        return ((IdempotentAddition.Added) result).pet();
    }

    private static NewPet rex() {
        return newPet("Rex", 3, PetStatus.AVAILABLE);
    }

    private static NewPet newPet(String name, long categoryId, PetStatus status) {
        return new NewPet(new PetName(name), new CategoryId(categoryId), Optional.ofNullable(status));
    }
}
