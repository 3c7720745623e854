package org.animalstore.domain.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PetNameTest {

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\t", "\u2003"})
    void rejects_blank_names(String blank) {
        assertThatThrownBy(() -> new PetName(blank))
                .isInstanceOf(InvalidPetException.class)
                .hasMessage("name must not be blank");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u200b", "\ufeff", "\uffff", " \u200d ", "\u0301", "\ue000", "\u3164", "\u2800", "\u00ad\u2060"})
    void a_given_name_needs_a_character_a_person_can_see(String invisible) {
        assertThatThrownBy(() -> PetName.given(invisible))
                .isInstanceOf(InvalidPetException.class)
                .hasMessage("name must have at least one visible character");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Rex", "\u200bRex\ufeff", "🐶", "👨\u200d👩\u200d👧", "e\u0301", "-", "7", "ก\u0e33", "\u0915\u093f"})
    void a_given_name_may_mix_invisible_characters_with_visible_ones(String name) {
        assertThat(PetName.given(name).value()).isEqualTo(name);
    }

    @Test
    void a_name_stored_before_the_visibility_rule_is_still_read() {
        assertThat(new PetName("\u200b").value()).isEqualTo("\u200b");
    }

    @Test
    void accepts_exactly_100_characters_counting_code_points() {
        String hundredDogs = "🐶".repeat(100); // 200 UTF-16 units, 100 characters

        assertThat(new PetName(hundredDogs).value()).isEqualTo(hundredDogs);
    }

    @Test
    void rejects_names_longer_than_100_characters() {
        assertThatThrownBy(() -> new PetName("x".repeat(101)))
                .isInstanceOf(InvalidPetException.class)
                .hasMessage("name must be at most 100 characters long");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Rex\u0000", "Re\nx", "\u007fRex", "R\u0085ex"})
    void rejects_control_characters(String name) {
        assertThatThrownBy(() -> new PetName(name)).hasMessage("name must not contain control characters");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Rex\ud800", "\udc00Rex", "a\ud83d"})
    void rejects_lone_surrogates(String name) {
        assertThatThrownBy(() -> new PetName(name)).hasMessage("name must be valid Unicode text");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Rex", " Rex ", "e\u0301", "O'Brien", "🐕‍🦺"})
    void keeps_valid_names_exactly(String name) {
        assertThat(new PetName(name).value()).isEqualTo(name);
    }
}
