package org.animalstore.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.model.PetPage;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.model.PetStatus;
import org.animalstore.domain.port.out.InMemoryPetCatalogue;
import org.junit.jupiter.api.Test;

class PetCatalogueServiceTest {

    private final InMemoryPetCatalogue storage = new InMemoryPetCatalogue();
    private final PetCatalogueService catalogue = new PetCatalogueService(storage, storage);

    @Test
    void added_pet_can_be_fetched_by_its_id() {
        // given
        Pet added = added(newPet("Rex", PetStatus.AVAILABLE));

        // when
        Optional<Pet> fetched = catalogue.getPet(added.id());

        // then
        assertThat(fetched).contains(added);
    }

    @Test
    void fetching_an_unknown_id_finds_nothing() {
        assertThat(catalogue.getPet(new PetId(42))).isEmpty();
    }

    @Test
    void a_page_that_is_not_full_has_no_next_page() {
        List<Pet> added = addPets(3);

        PetPage page = catalogue.listPets(query(5, null));

        assertThat(page.pets()).containsExactlyElementsOf(added);
        assertThat(page.nextAfter()).isEmpty();
    }

    @Test
    void a_page_exactly_as_long_as_the_remaining_pets_has_no_next_page() {
        List<Pet> added = addPets(5);

        PetPage page = catalogue.listPets(query(5, null));

        assertThat(page.pets()).containsExactlyElementsOf(added);
        assertThat(page.nextAfter()).isEmpty();
    }

    @Test
    void a_full_page_with_more_pets_behind_it_points_at_its_last_pet() {
        List<Pet> added = addPets(6);

        PetPage page = catalogue.listPets(query(5, null));

        assertThat(page.pets()).containsExactlyElementsOf(added.subList(0, 5));
        assertThat(page.nextAfter()).contains(added.get(4).id());
    }

    @Test
    void following_next_pages_visits_every_matching_pet_once() {
        List<Pet> added = addPets(11);

        List<Pet> seen = new java.util.ArrayList<>();
        Optional<PetId> after = Optional.empty();
        do {
            PetPage page = catalogue.listPets(new PetQuery(4, Optional.empty(), after));
            seen.addAll(page.pets());
            after = page.nextAfter();
        } while (after.isPresent());

        assertThat(seen).containsExactlyElementsOf(added);
    }

    @Test
    void filters_by_status() {
        Pet sold = added(newPet("Sold", PetStatus.SOLD));
        added(newPet("Available", PetStatus.AVAILABLE));
        added(newPet("Unknown", null));

        PetPage page = catalogue.listPets(query(20, PetStatus.SOLD));

        assertThat(page.pets()).containsExactly(sold);
    }

    private List<Pet> addPets(int count) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> added(newPet("Pet " + i, PetStatus.PENDING))).toList();
    }

    private static NewPet newPet(String name, PetStatus status) {
        return new NewPet(new PetName(name), new CategoryId(1), Optional.ofNullable(status));
    }

    private static PetQuery query(int limit, PetStatus status) {
        return new PetQuery(limit, Optional.ofNullable(status), Optional.empty());
    }

    private Pet added(NewPet newPet) {
        return catalogue.addPets(List.of(newPet)).getFirst();
    }
}
