package org.animalstore.domain.port.out;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.model.PetStatus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every implementation of the storage ports must do. A team swapping the persistence adapter
 * extends this class, supplies its adapter and an empty catalogue, and runs it.
 */
public abstract class PetStorageContract<S extends LoadPetsPort & AddPetPort> {

    /** The adapter under test, implementing both storage ports. */
    protected abstract S storage();

    /** Removes every pet, so each test starts from an empty catalogue. */
    protected abstract void emptyTheCatalogue();

    @BeforeEach
    void startEmpty() {
        emptyTheCatalogue();
    }

    @Test
    void added_pet_gets_an_id_and_keeps_its_fields() {
        // given
        NewPet rex = newPet("Rex", 7, PetStatus.AVAILABLE);

        // when
        Pet added = add(rex);

        // then
        assertThat(added.name()).isEqualTo(rex.name());
        assertThat(added.categoryId()).isEqualTo(rex.categoryId());
        assertThat(added.status()).contains(PetStatus.AVAILABLE);
        assertThat(storage().loadPet(added.id())).contains(added);
    }

    @Test
    void pet_added_without_status_is_loaded_without_status() {
        Pet added = add(new NewPet(new PetName("Nemo"), new CategoryId(2), Optional.empty()));

        assertThat(storage().loadPet(added.id())).hasValueSatisfying(pet -> assertThat(pet.status()).isEmpty());
    }

    @Test
    void ids_are_unique_and_increase() {
        Pet first = add(newPet("A", 1, PetStatus.SOLD));
        Pet second = add(newPet("B", 1, PetStatus.SOLD));

        assertThat(second.id().value()).isGreaterThan(first.id().value());
    }

    @Test
    void concurrent_additions_get_distinct_ids() throws Exception {
        // An adapter may write concurrent additions together: each caller still gets its own pet back.
        List<NewPet> newPets = IntStream.range(0, 40).mapToObj(i -> newPet("Pet " + i, i + 1, i % 2 == 0 ? PetStatus.SOLD : null)).toList();
        List<Callable<Pet>> additions = newPets.stream().map(newPet -> (Callable<Pet>) () -> add(newPet)).toList();

        List<Pet> added = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            for (Future<Pet> future : threads.invokeAll(additions)) {
                added.add(future.get());
            }
        }

        assertThat(added).extracting(Pet::id).doesNotHaveDuplicates();
        for (int i = 0; i < newPets.size(); i++) {
            assertThat(added.get(i)).isEqualTo(newPets.get(i).withId(added.get(i).id()));
        }
        assertThat(storage().loadPets(query(PetQuery.MAX_LIMIT, null, null), 100)).containsExactlyInAnyOrderElementsOf(added);
    }

    @Test
    void unknown_id_loads_nothing() {
        Pet added = add(newPet("A", 1, null));

        assertThat(storage().loadPet(new PetId(added.id().value() + 1000))).isEmpty();
    }

    @Test
    void unusual_names_round_trip_exactly() {
        // 4-byte characters (emoji, CJK extension B), combining marks and sequences, names that only a
        // case-, accent- or space-folding collation would equate, and the longest name in 4-byte characters.
        List<String> names = List.of("Ünïcödé 🐶", "e\u0301", "O'Brien; DROP TABLE pet;--", "  spaced  ", "x".repeat(PetName.MAX_LENGTH),
                "𠜎𠜱𠝹", "👩‍👩‍👧‍👦", "\u00A0no-break\u00A0", "REX", "rex", "Rëx", "Rex ", "\uD83D\uDC36".repeat(PetName.MAX_LENGTH));

        for (String name : names) {
            Pet added = add(newPet(name, 3, PetStatus.PENDING));
            assertThat(storage().loadPet(added.id()).orElseThrow().name().value()).isEqualTo(name);
        }
    }

    @Test
    void category_ids_round_trip_exactly() {
        // given: the smallest, ids around a thousand (an adapter may share instances of the small ones) and the largest
        List<Long> categoryIds = List.of(1L, 2L, 1023L, 1024L, 1025L, 4096L, Long.MAX_VALUE);

        for (long categoryId : categoryIds) {
            // when
            Pet added = add(newPet("Rex", categoryId, PetStatus.AVAILABLE));

            // then
            assertThat(storage().loadPet(added.id()).orElseThrow().categoryId()).isEqualTo(new CategoryId(categoryId));
            assertThat(storage().loadPets(query(20, null, null), 20).getLast()).isEqualTo(added);
        }
    }

    @Test
    void lists_in_id_order_up_to_max_results() {
        List<Pet> added = addPets(5, PetStatus.AVAILABLE);

        List<Pet> listed = storage().loadPets(query(20, null, null), 3);

        assertThat(listed).containsExactlyElementsOf(added.subList(0, 3));
    }

    @Test
    void lists_only_pets_with_the_requested_status() {
        Pet available = add(newPet("A", 1, PetStatus.AVAILABLE));
        add(newPet("B", 1, PetStatus.SOLD));
        add(newPet("C", 1, null));
        Pet alsoAvailable = add(newPet("D", 1, PetStatus.AVAILABLE));

        List<Pet> listed = storage().loadPets(query(20, PetStatus.AVAILABLE, null), 20);

        assertThat(listed).containsExactly(available, alsoAvailable);
    }

    @Test
    void lists_pets_without_status_when_unfiltered() {
        Pet noStatus = add(newPet("C", 1, null));

        assertThat(storage().loadPets(query(20, null, null), 20)).containsExactly(noStatus);
    }

    @Test
    void continues_after_the_given_id() {
        List<Pet> added = addPets(6, PetStatus.PENDING);

        List<Pet> listed = storage().loadPets(query(2, PetStatus.PENDING, added.get(2).id()), 3);

        assertThat(listed).containsExactlyElementsOf(added.subList(3, 6));
    }

    @Test
    void empty_catalogue_lists_nothing() {
        assertThat(storage().loadPets(query(20, null, null), 21)).isEmpty();
    }

    private List<Pet> addPets(int count, PetStatus status) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> add(newPet("Pet " + i, i, status))).toList();
    }

    /** One pet: {@code addPets} of a group of one. */
    private Pet add(NewPet newPet) {
        return storage().addPets(List.of(newPet)).getFirst();
    }

    private static NewPet newPet(String name, long categoryId, PetStatus status) {
        return new NewPet(new PetName(name), new CategoryId(categoryId), Optional.ofNullable(status));
    }

    private static PetQuery query(int limit, PetStatus status, PetId after) {
        return new PetQuery(limit, Optional.ofNullable(status), Optional.ofNullable(after));
    }
}
