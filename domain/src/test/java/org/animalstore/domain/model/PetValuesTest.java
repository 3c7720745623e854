package org.animalstore.domain.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PetValuesTest {

    @ParameterizedTest
    @ValueSource(longs = {0, -1, Long.MIN_VALUE})
    void rejects_non_positive_category_ids(long value) {
        assertThatThrownBy(() -> new CategoryId(value)).hasMessage("categoryId must be a positive integer");
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -5})
    void rejects_non_positive_pet_ids(long value) {
        assertThatThrownBy(() -> new PetId(value)).isInstanceOf(InvalidPetException.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 101, Integer.MAX_VALUE})
    void rejects_limits_outside_1_to_100(int limit) {
        assertThatThrownBy(() -> new PetQuery(limit, Optional.empty(), Optional.empty()))
                .hasMessage("limit must be an integer from 1 to 100");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 20, 100})
    void accepts_limits_from_1_to_100(int limit) {
        assertThat(new PetQuery(limit, Optional.empty(), Optional.empty()).limit()).isEqualTo(limit);
    }

    @Test
    void a_new_pet_becomes_a_pet_with_the_given_id() {
        NewPet newPet = new NewPet(new PetName("Rex"), new CategoryId(3), Optional.of(PetStatus.SOLD));

        Pet pet = newPet.withId(new PetId(9));

        assertThat(pet).isEqualTo(new Pet(new PetId(9), new PetName("Rex"), new CategoryId(3), Optional.of(PetStatus.SOLD)));
    }

    @Test
    void a_pet_cannot_be_built_without_a_name() {
        assertThatThrownBy(() -> new Pet(new PetId(1), null, new CategoryId(1), Optional.empty()))
                .isInstanceOf(NullPointerException.class);
    }
}
