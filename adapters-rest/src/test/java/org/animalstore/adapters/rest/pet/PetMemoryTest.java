package org.animalstore.adapters.rest.pet;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.JsonMapper;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.model.PetPage;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.model.PetStatus;
import org.junit.jupiter.api.Test;

/** The rules of what an instance remembers that no HTTP test can time: races with creates, and a part turned off. */
class PetMemoryTest {

    private static final PetQuery FIRST_PAGE = new PetQuery(20, Optional.empty(), Optional.empty());
    private static final PetQuery SOLD_PAGE = new PetQuery(20, Optional.of(PetStatus.SOLD), Optional.empty());

    private final PetMemory memory = memory(200, 200);

    @Test
    void a_page_loaded_while_a_pet_was_added_here_is_not_kept() {
        // when a pet is added here while a page is being read from storage
        memory.loadPage(FIRST_PAGE, query -> {
            memory.added(pet(1, PetStatus.AVAILABLE));
            return new PetPage(List.of(), Optional.empty());
        });

        // then the page, which may miss it, is not remembered
        assertThat(memory.page(FIRST_PAGE)).isNull();
    }

    @Test
    void a_pet_added_here_drops_the_pages_it_belongs_to_and_only_those() {
        memory.loadPage(FIRST_PAGE, query -> new PetPage(List.of(), Optional.empty()));
        memory.loadPage(SOLD_PAGE, query -> new PetPage(List.of(), Optional.empty()));

        memory.added(pet(1, PetStatus.AVAILABLE));

        assertThat(memory.page(FIRST_PAGE)).isNull();
        assertThat(memory.page(SOLD_PAGE)).isNotNull();
    }

    @Test
    void a_pet_not_found_is_not_remembered_and_one_found_is() {
        assertThat(memory.loadPet(new PetId(7), id -> Optional.empty())).isEmpty();
        assertThat(memory.pet(new PetId(7))).isNull();

        memory.loadPet(new PetId(7), id -> Optional.of(pet(7, null)));

        assertThat(new String(memory.pet(new PetId(7)))).isEqualTo("{\"id\":7,\"name\":\"Pet 7\",\"categoryId\":1}");
    }

    @Test
    void a_page_ages_from_when_its_query_started() {
        PetMemory quick = new PetMemory(200, Duration.ofMinutes(10), 200, Duration.ofMillis(100), JsonMapper.createDefault(),
                new PageCursors((String) null));

        // when the page's query takes longer than the page age
        quick.loadPage(FIRST_PAGE, query -> {
            sleep(Duration.ofMillis(150));
            return new PetPage(List.of(), Optional.empty());
        });

        // then it is already too old to be served
        assertThat(quick.page(FIRST_PAGE)).isNull();
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void sizes_below_2_turn_a_part_off() {
        PetMemory off = memory(1, 0);

        off.loadPet(new PetId(7), id -> Optional.of(pet(7, null)));
        off.loadPage(FIRST_PAGE, query -> new PetPage(List.of(), Optional.empty()));

        assertThat(off.pet(new PetId(7))).isNull();
        assertThat(off.page(FIRST_PAGE)).isNull();
    }

    private static PetMemory memory(int pets, int pages) {
        return new PetMemory(pets, Duration.ofMinutes(10), pages, Duration.ofMinutes(10), JsonMapper.createDefault(),
                new PageCursors((String) null));
    }

    private static Pet pet(long id, PetStatus status) {
        return new NewPet(new PetName("Pet " + id), new CategoryId(1), Optional.ofNullable(status)).withId(new PetId(id));
    }
}
