package org.animalstore.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

    // The bounds of three bits of sixteen per id; two bits of eight would let about 0.8 % through half full, 3 % nearly full.
    @ParameterizedTest(name = "{0} of 100 000 read: fewer than {1} of 10 000 unseen ids taken for seen")
    @CsvSource({"50000, 20", "89000, 50"})
    void rarely_says_seen_of_an_id_it_has_not_seen(int read, int atMostFalselySeen) {
        // given sightings of capacity 100 000, half or nearly full
        Sightings sightings = new Sightings(100_000);
        LongStream.rangeClosed(1, read).forEach(sightings::seenBefore);

        // when 10 000 other ids are looked at (nearly full: 99 000 first sightings, still short of starting over)
        long falselySeen = LongStream.rangeClosed(10_000_001, 10_010_000).filter(sightings::seenBefore).count();

        // then at most 0.2 % (half full) or 0.5 % (nearly full) of them are taken for ids seen before
        assertThat(falselySeen).isLessThan(atMostFalselySeen);
        assertThat(sightings.overflowed()).isFalse();
    }

    @Test
    void rejects_a_capacity_below_one() {
        assertThatThrownBy(() -> new Sightings(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
