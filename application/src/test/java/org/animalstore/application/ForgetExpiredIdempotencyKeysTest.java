package org.animalstore.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.stream.IntStream;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.port.out.InMemoryPetCatalogue;
import org.animalstore.domain.testing.SettableClock;
import org.junit.jupiter.api.Test;

/** {@link IdempotentAdditionService} forgetting expired keys. */
class ForgetExpiredIdempotencyKeysTest {

    private static final Instant START = Instant.parse("2030-01-01T00:00:00Z");
    private static final Duration RETENTION = Duration.ofHours(24);

    private final InMemoryPetCatalogue storage = new InMemoryPetCatalogue();
    private final SettableClock clock = new SettableClock(START);
    private final IdempotentAdditionService addition = new IdempotentAdditionService(storage, storage, clock, RETENTION);

    @Test
    void forgets_every_expired_key_even_beyond_one_batch() {
        // given more expired keys than one storage call forgets, and one live key
        int expired = IdempotentAdditionService.BATCH * 2 + 3;
        IntStream.range(0, expired).forEach(i -> addition.addPetOnce(key("k" + i), rex()));
        clock.set(START.plus(RETENTION));
        IdempotentAddition live = addition.addPetOnce(key("live"), rex());

        // when
        int forgotten = addition.forgetExpiredKeys();

        // then
        assertThat(forgotten).isEqualTo(expired);
        assertThat(addition.forgetExpiredKeys()).isZero();
        assertThat(addition.addPetOnce(key("live"), rex())).isEqualTo(new IdempotentAddition.Replayed(((IdempotentAddition.Added) live).pet()));
    }

    @Test
    void forgets_nothing_while_every_key_is_live() {
        addition.addPetOnce(key("young"), rex());
        clock.set(START.plus(RETENTION).minusNanos(1));

        assertThat(addition.forgetExpiredKeys()).isZero();
    }

    private static IdempotencyKey key(String value) {
        return new IdempotencyKey("key-1", value);
    }

    private static NewPet rex() {
        return new NewPet(new PetName("Rex"), new CategoryId(3), Optional.empty());
    }
}
