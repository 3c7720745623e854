package org.animalstore.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
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

/**
 * What an instance remembers, seen through the catalogue's use cases: two services over one storage stand
 * for two instances on one database, and a clock the test moves stands for time passing.
 */
class PetCacheTest {

    private static final Duration PET_TTL = Duration.ofSeconds(60);
    private static final Duration PAGE_TTL = Duration.ofSeconds(1);
    private static final PetQuery FIRST_FIVE = new PetQuery(5, Optional.empty(), Optional.empty());

    private final AtomicLong nanos = new AtomicLong(1_000);
    private final InMemoryPetCatalogue storage = new InMemoryPetCatalogue();
    private final PetCache cache = new PetCache(new PetCache.Settings(100, PET_TTL, 100, PAGE_TTL), nanos::get);
    private final PetCatalogueService here = new PetCatalogueService(storage, storage, cache);
    private final PetCatalogueService otherInstance = new PetCatalogueService(storage, storage, new PetCache(PetCache.Settings.off()));

    @Test
    void a_page_is_served_from_memory_until_its_age_has_passed() {
        // given a page this instance listed, and a pet another instance added after that
        here.listPets(FIRST_FIVE);
        Pet added = otherInstance.addPet(newPet("Rex", PetStatus.AVAILABLE));

        // when / then: within the page's age the remembered page is served, after it the new pet shows
        assertThat(here.rememberedPage(FIRST_FIVE)).hasValueSatisfying(page -> assertThat(page.pets()).isEmpty());
        elapse(PAGE_TTL);
        assertThat(here.rememberedPage(FIRST_FIVE)).isEmpty();
        assertThat(here.listPets(FIRST_FIVE).pets()).containsExactly(added);
    }

    @Test
    void a_pet_added_here_shows_at_once_in_the_pages_it_belongs_to() {
        // given two remembered pages the new pet belongs to: the whole listing and its status
        PetQuery available = new PetQuery(5, Optional.of(PetStatus.AVAILABLE), Optional.empty());
        here.listPets(FIRST_FIVE);
        here.listPets(available);

        // when this instance adds a pet
        Pet added = here.addPet(newPet("Rex", PetStatus.AVAILABLE));

        // then both listings show it at once
        assertThat(here.listPets(FIRST_FIVE).pets()).containsExactly(added);
        assertThat(here.listPets(available).pets()).containsExactly(added);
    }

    @Test
    void a_pet_added_here_leaves_pages_it_cannot_belong_to() {
        // given a full page ending before the new pet's id, and a page of another status
        for (int i = 0; i < 6; i++) {
            here.addPet(newPet("Pet " + i, PetStatus.SOLD));
        }
        PetQuery sold = new PetQuery(5, Optional.of(PetStatus.SOLD), Optional.empty());
        PetQuery pending = new PetQuery(5, Optional.of(PetStatus.PENDING), Optional.empty());
        here.listPets(FIRST_FIVE);
        here.listPets(pending);

        // when a sold pet is added after them
        here.addPet(newPet("Rex", PetStatus.SOLD));

        // then both are still remembered
        assertThat(here.rememberedPage(FIRST_FIVE)).isPresent();
        assertThat(here.rememberedPage(pending)).isPresent();
        assertThat(here.rememberedPage(sold)).isEmpty();
    }

    @Test
    void a_pet_added_here_is_remembered_only_once_it_is_read() {
        // given a pet this instance added
        Pet added = here.addPet(newPet("Rex", PetStatus.AVAILABLE));

        // then it is not in memory (creates must not push out what readers use), yet it is found at once
        assertThat(here.rememberedPet(added.id())).isEmpty();
        assertThat(here.getPet(added.id())).contains(added);
        assertThat(here.rememberedPet(added.id())).contains(added);
    }

    @Test
    void once_more_pets_were_read_than_memory_holds_a_pet_is_remembered_on_its_second_read() {
        // given more distinct pets read than the memory of 100 holds
        addPets(300);
        readOnce(101, 200);

        // when a pet is read once, then another twice
        here.getPet(new PetId(1));
        here.getPet(new PetId(2));
        here.getPet(new PetId(2));

        // then only the one read twice is remembered
        assertThat(here.rememberedPet(new PetId(1))).as("read once").isEmpty();
        assertThat(here.rememberedPet(new PetId(2))).as("read twice").isPresent();
    }

    @Test
    void pets_read_only_once_push_out_none_of_those_read_again() {
        // given a memory of 100 pets that more distinct pets were read from, and a pet read twice since
        addPets(700);
        readOnce(601, 700);
        here.getPet(new PetId(1));
        here.getPet(new PetId(1));

        // when 500 other pets are each read once, as by a scan or by lookups of random ids among millions
        readOnce(2, 501);

        // then the pet read again is still remembered, and hardly any of the others
        assertThat(here.rememberedPet(new PetId(1))).isPresent();
        long othersRemembered = LongStream.rangeClosed(2, 501).filter(id -> here.rememberedPet(new PetId(id)).isPresent()).count();
        assertThat(othersRemembered).isLessThan(25);
    }

    @Test
    void listing_pets_already_remembered_pushes_out_none_of_the_others() {
        // given 50 pets remembered from a page (half the memory of 100), then the 51st read by id
        addPets(51);
        PetQuery firstFifty = new PetQuery(50, Optional.empty(), Optional.empty());
        here.listPets(firstFifty);
        Pet readById = here.getPet(new PetId(51)).orElseThrow();

        // when the same page is read from storage again and again, as its age passes
        for (int i = 0; i < 5; i++) {
            elapse(PAGE_TTL);
            here.listPets(firstFifty);
        }

        // then the pet read by id is still remembered: only pets not yet held take room
        assertThat(here.rememberedPet(readById.id())).contains(readById);
    }

    @Test
    void a_page_loaded_while_a_pet_was_added_here_is_not_kept() {
        // given a page load that started before this instance added a pet
        PetCache.PageLoad load = cache.startPageLoad();
        PetPage loadedBefore = new PetPage(List.of(), Optional.empty());
        cache.added(storage.addPet(newPet("Rex", PetStatus.AVAILABLE)));

        // when the load finishes
        cache.remember(FIRST_FIVE, loadedBefore, load);

        // then its page, which may miss the pet, is not served
        assertThat(cache.page(FIRST_FIVE)).isEmpty();
    }

    @Test
    void a_missing_pet_is_never_remembered() {
        // given a lookup that found nothing
        assertThat(here.getPet(new PetId(1))).isEmpty();

        // when another instance adds the pet with that id
        Pet added = otherInstance.addPet(newPet("Rex", PetStatus.AVAILABLE));

        // then it is found at once
        assertThat(added.id()).isEqualTo(new PetId(1));
        assertThat(here.getPet(added.id())).contains(added);
    }

    @Test
    void a_pet_removed_by_hand_is_served_until_its_age_has_passed() {
        // given a pet this instance read, then removed from storage by an operator
        Pet added = otherInstance.addPet(newPet("Rex", PetStatus.AVAILABLE));
        here.getPet(added.id());
        storage.clear();

        // when / then: remembered for its age, then looked up again
        assertThat(here.rememberedPet(added.id())).contains(added);
        elapse(PET_TTL);
        assertThat(here.rememberedPet(added.id())).isEmpty();
        assertThat(here.getPet(added.id())).isEmpty();
    }

    @Test
    void a_revalidating_reader_gets_what_storage_holds_and_memory_follows_it() {
        // given a page and a pet this instance remembers, then a pet added elsewhere and the pet removed by hand
        Pet kept = otherInstance.addPet(newPet("Rex", PetStatus.AVAILABLE));
        here.listPets(FIRST_FIVE);
        Pet added = otherInstance.addPet(newPet("Nemo", PetStatus.PENDING));
        here.getPet(kept.id());

        // when / then: reading storage itself shows both changes at once
        assertThat(here.listStoredPets(FIRST_FIVE).pets()).containsExactly(kept, added);
        assertThat(here.listPets(FIRST_FIVE).pets()).as("the page remembered since").containsExactly(kept, added);
        storage.clear();
        assertThat(here.getStoredPet(kept.id())).isEmpty();
        assertThat(here.rememberedPet(kept.id())).as("a pet storage no longer holds").isEmpty();
    }

    @Test
    void forgetting_makes_every_answer_come_from_storage_again() {
        Pet added = here.addPet(newPet("Rex", PetStatus.AVAILABLE));
        here.listPets(FIRST_FIVE);

        cache.forget();

        assertThat(here.rememberedPet(added.id())).isEmpty();
        assertThat(here.rememberedPage(FIRST_FIVE)).isEmpty();
    }

    @Test
    void memory_holds_no_more_pets_than_its_capacity() {
        // given a capacity of 100 pets (the settings above)
        for (int i = 0; i < 1_000; i++) {
            otherInstance.addPet(newPet("Pet " + i, PetStatus.AVAILABLE));
        }

        // when every one of them is read twice (past the capacity, a pet read once is not kept)
        for (long id = 1; id <= 1_000; id++) {
            here.getPet(new PetId(id));
            here.getPet(new PetId(id));
        }

        // then at most 100 are remembered, the last read among them
        assertThat(cache.size()).isLessThanOrEqualTo(100);
        assertThat(here.rememberedPet(new PetId(1_000))).isPresent();
        assertThat(here.rememberedPet(new PetId(1))).isEmpty();
    }

    @Test
    void a_cache_turned_off_remembers_nothing() {
        PetCatalogueService uncached = new PetCatalogueService(storage, storage, new PetCache(PetCache.Settings.off()));
        Pet added = uncached.addPet(newPet("Rex", PetStatus.AVAILABLE));
        uncached.listPets(FIRST_FIVE);

        assertThat(uncached.rememberedPet(added.id())).isEmpty();
        assertThat(uncached.rememberedPage(FIRST_FIVE)).isEmpty();
    }

    @Test
    void counts_answers_from_memory_and_reads_of_storage() {
        // given a pet and a page, each read once from storage and then twice from memory
        Pet added = otherInstance.addPet(newPet("Rex", PetStatus.AVAILABLE));
        for (int i = 0; i < 3; i++) {
            here.getPet(added.id());
            here.listPets(FIRST_FIVE);
        }

        // when / then
        assertThat(cache.lookups()).isEqualTo(new PetCache.Lookups(2, 1, 2, 1));
    }

    @Test
    void rejects_negative_sizes_and_ages() {
        assertThatThrownBy(() -> new PetCache.Settings(-1, PET_TTL, 10, PAGE_TTL)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PetCache.Settings(10, PET_TTL, 10, Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class);
    }

    private void addPets(int count) {
        for (int i = 0; i < count; i++) {
            otherInstance.addPet(newPet("Pet " + i, PetStatus.AVAILABLE));
        }
    }

    private void readOnce(long firstId, long lastId) {
        for (long id = firstId; id <= lastId; id++) {
            here.getPet(new PetId(id));
        }
    }

    private void elapse(Duration duration) {
        nanos.addAndGet(duration.toNanos());
    }

    private static NewPet newPet(String name, PetStatus status) {
        return new NewPet(new PetName(name), new CategoryId(1), Optional.of(status));
    }
}
