package org.animalstore.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class SightingsTest {

    @Test
    void an_id_is_seen_before_from_its_second_sighting_on() {
        Sightings sightings = new Sightings(1_000);

        assertThat(sightings.seenBefore(42)).isFalse();
        assertThat(sightings.seenBefore(42)).isTrue();
        assertThat(sightings.seenBefore(42)).isTrue();
        assertThat(sightings.seenBefore(43)).isFalse();
    }

    @Test
    void starts_over_after_as_many_first_sightings_as_its_capacity() {
        // given an id seen once, in sightings of capacity 10
        Sightings sightings = new Sightings(10);
        sightings.seenBefore(1);

        // when nine more ids are seen for the first time
        long firsts = LongStream.rangeClosed(1_001, 1_009).filter(id -> !sightings.seenBefore(id)).count();

        // then the tenth first sighting started over: the first id is new again
        assertThat(firsts).isEqualTo(9);
        assertThat(sightings.seenBefore(1)).isFalse();
    }

    @Test
    void overflows_on_its_capacity_th_first_sighting_and_stays_so() {
        // given sightings of capacity 3 with two ids seen, one of them twice
        Sightings sightings = new Sightings(3);
        sightings.seenBefore(1);
        sightings.seenBefore(1);
        sightings.seenBefore(2);
        boolean before = sightings.overflowed();

        // when a third id is seen for the first time, then the set starts over and more ids come
        sightings.seenBefore(3);
        sightings.seenBefore(4);

        // then it has overflowed, for good
        assertThat(before).isFalse();
        assertThat(sightings.overflowed()).isTrue();
    }

    @Test
    void rarely_says_seen_of_an_id_it_has_not_seen() {
        // given sightings of capacity 100 000, half full
        Sightings sightings = new Sightings(100_000);
        LongStream.rangeClosed(1, 50_000).forEach(sightings::seenBefore);

        // when 10 000 other ids are looked at
        long falselySeen = LongStream.rangeClosed(10_000_001, 10_010_000).filter(sightings::seenBefore).count();

        // then at most 0.2 % of them are taken for ids seen before (with two bits of eight per id: about 0.8 %)
        assertThat(falselySeen).isLessThan(20);
    }

    @Test
    void rejects_a_capacity_below_one() {
        assertThatThrownBy(() -> new Sightings(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
