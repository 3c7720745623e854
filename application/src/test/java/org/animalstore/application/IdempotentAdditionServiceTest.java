package org.animalstore.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.model.PetStatus;
import org.animalstore.domain.port.out.InMemoryPetCatalogue;
import org.animalstore.domain.testing.SettableClock;
import org.junit.jupiter.api.Test;

class IdempotentAdditionServiceTest {

    private static final Instant START = Instant.parse("2030-01-01T00:00:00Z");
    private static final IdempotencyKey KEY = new IdempotencyKey("key-1", "retry-me");

    private final InMemoryPetCatalogue storage = new InMemoryPetCatalogue();
    private final SettableClock clock = new SettableClock(START);
    private final IdempotentAdditionService service = new IdempotentAdditionService(storage, storage, clock, Duration.ofHours(24));

    @Test
    void a_retry_within_the_retention_replays_the_first_pet() {
        Pet first = added(service.addPetOnce(KEY, rex()));
        clock.set(START.plus(Duration.ofHours(24)).minusSeconds(1));

        assertThat(service.addPetOnce(KEY, rex())).isEqualTo(new IdempotentAddition.Replayed(first));
    }

    @Test
    void a_key_is_forgotten_once_the_retention_has_passed() {
        Pet first = added(service.addPetOnce(KEY, rex()));
        clock.set(START.plus(Duration.ofHours(24)));

        Pet second = added(service.addPetOnce(KEY, rex()));

        assertThat(second.id()).isNotEqualTo(first.id());
    }

    @Test
    void refuses_a_retention_that_is_not_positive() {
        assertThatThrownBy(() -> new IdempotentAdditionService(storage, storage, clock, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
    }

    private static Pet added(IdempotentAddition result) {
        assertThat(result).isInstanceOf(IdempotentAddition.Added.class);
        return ((IdempotentAddition.Added) result).pet();
    }

    private static NewPet rex() {
        return new NewPet(new PetName("Rex"), new CategoryId(3), Optional.of(PetStatus.AVAILABLE));
    }
}
