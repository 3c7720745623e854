package org.animalstore.domain.port.out;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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

    /**
     * The same port as another instance of the service would see it: an adapter with its own connections
     * on the same storage. Concurrency cases split their callers between the two. By default the same object.
     */
    protected AddPetOncePort otherInstance() {
        return storage();
    }

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
    void key_values_that_differ_only_in_letter_case_are_different_keys() {
        Pet lower = added(addOnce(new IdempotencyKey("key-1", "order-7f3a"), rex(), NOW));

        IdempotentAddition upper = addOnce(new IdempotencyKey("key-1", "ORDER-7F3A"), rex(), NOW);

        assertThat(upper).isInstanceOf(IdempotentAddition.Added.class);
        assertThat(added(upper).id()).isNotEqualTo(lower.id());
    }

    @Test
    void clients_are_told_apart_by_case_accents_and_trailing_spaces() {
        // Storage that compares text loosely (case- or accent-insensitive, trailing spaces ignored) fails this.
        for (String client : List.of("ops", "Ops", "OPS", "öps", "ops ")) {
            assertThat(addOnce(new IdempotencyKey(client, KEY.value()), rex(), NOW)).as("client '%s'", client).isInstanceOf(IdempotentAddition.Added.class);
        }
        assertThat(allPets()).hasSize(5);
    }

    @Test
    void the_longest_client_and_key_are_kept_whole() {
        // 100 four-byte characters and 255 ASCII characters: storage must neither cut nor refuse them.
        IdempotencyKey longest = new IdempotencyKey("\uD83D\uDC36".repeat(IdempotencyKey.MAX_CLIENT_LENGTH), "k".repeat(IdempotencyKey.MAX_LENGTH));
        Pet first = added(addOnce(longest, rex(), NOW));

        assertThat(addOnce(longest, rex(), NOW)).isEqualTo(new IdempotentAddition.Replayed(first));
        assertThat(addOnce(new IdempotencyKey(longest.client(), "k".repeat(IdempotencyKey.MAX_LENGTH - 1) + "x"), rex(), NOW))
                .isInstanceOf(IdempotentAddition.Added.class);
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
    void keys_can_expire_after_2038() {
        // A 32-bit seconds timestamp (MariaDB's TIMESTAMP, for one) ends on 2038-01-19.
        Instant made = Instant.parse("2038-01-10T00:00:00Z");
        Instant expires = Instant.parse("2038-02-10T00:00:00Z");
        Pet first = added(storage().addPetOnce(KEY, rex(), made, expires));

        assertThat(storage().addPetOnce(KEY, rex(), expires.minusSeconds(1), expires.plus(TTL))).isEqualTo(new IdempotentAddition.Replayed(first));
        assertThat(storage().addPetOnce(KEY, rex(), expires, expires.plus(TTL))).isInstanceOf(IdempotentAddition.Added.class);
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
        // given many callers on two instances, released at the same instant with the same key and pet
        List<IdempotentAddition> results = together(12, caller -> instance(caller).addPetOnce(KEY, rex(), NOW, NOW.plus(TTL)));

        // then one added the pet, every other one replayed it or was told to retry later
        List<Pet> pets = allPets();
        assertThat(pets).hasSize(1);
        assertThat(results).filteredOn(IdempotentAddition.Added.class::isInstance).containsExactly(new IdempotentAddition.Added(pets.getFirst()));
        assertThat(results).allMatch(result -> result instanceof IdempotentAddition.Added
                || result.equals(new IdempotentAddition.Replayed(pets.getFirst()))
                || result instanceof IdempotentAddition.InProgress);
        assertThat(addOnce(KEY, rex(), NOW)).isEqualTo(new IdempotentAddition.Replayed(pets.getFirst()));
    }

    @Test
    void concurrent_additions_under_neighbouring_keys_each_add_their_pet() throws Exception {
        // given callers on two instances, each with a key of its own that sorts next to the others'
        List<IdempotentAddition> results = together(12,
                caller -> instance(caller).addPetOnce(new IdempotencyKey("key-1", "order-%02d".formatted(caller)), rex(), NOW, NOW.plus(TTL)));

        // then none waits for, blocks or fails another: every one added its pet
        assertThat(results).allMatch(IdempotentAddition.Added.class::isInstance);
        assertThat(allPets()).hasSize(12);
    }

    @Test
    void concurrent_forgetting_forgets_each_expired_key_exactly_once() throws Exception {
        // given expired keys, and callers forgetting them a few at a time until nothing is left
        int expired = 40;
        for (int i = 0; i < expired; i++) {
            addOnce(new IdempotencyKey("key-1", "old-" + i), rex(), NOW);
        }
        Instant later = NOW.plus(TTL);

        // when
        List<Integer> forgotten = together(4, caller -> {
            int total = 0;
            for (int batch = keyExpiry().forgetExpiredKeys(later, 3); batch > 0; batch = keyExpiry().forgetExpiredKeys(later, 3)) {
                total += batch;
            }
            return total;
        });

        // then
        assertThat(forgotten.stream().mapToInt(Integer::intValue).sum()).isEqualTo(expired);
        assertThat(keyExpiry().forgetExpiredKeys(later, 100)).isZero();
    }

    private IdempotentAddition addOnce(IdempotencyKey key, NewPet newPet, Instant now) {
        return storage().addPetOnce(key, newPet, now, now.plus(TTL));
    }

    private AddPetOncePort instance(int caller) {
        return caller % 2 == 0 ? storage() : otherInstance();
    }

    /** Runs {@code callers} calls on threads of their own, released at the same instant; their results in caller order. */
    private static <T> List<T> together(int callers, CallerWork<T> work) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<T> results = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(callers)) {
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                int caller = i;
                futures.add(threads.submit(() -> {
                    start.await();
                    return work.call(caller);
                }));
            }
            start.countDown();
            for (Future<T> future : futures) {
                results.add(future.get());
            }
        }
        return results;
    }

    @FunctionalInterface
    private interface CallerWork<T> {
        T call(int caller) throws Exception;
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
