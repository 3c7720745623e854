package org.animalstore.adapters.persistence.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Since when a replica surely holds every acknowledged commit, from the primary's samples and its replay position. */
class ReplayPositionsTest {

    private final ReplayPositions positions = new ReplayPositions(8);

    @Test
    void a_replica_that_replayed_past_a_sample_holds_everything_committed_before_it() {
        // given the primary sampled at three moments
        positions.sampled(100, 10);
        positions.sampled(200, 20);
        positions.sampled(300, 30);

        // when the replica has replayed up to 25
        positions.replayedUpTo(25);

        // then it holds every commit acknowledged before the sample at 200, not yet the one at 300
        assertThat(positions.caughtUpAt()).isEqualTo(200);
    }

    @Test
    void a_replica_that_replayed_nothing_known_has_caught_up_with_no_sample() {
        // given samples the replica has not reached
        positions.sampled(100, 10);
        positions.replayedUpTo(5);

        // then it counts as behind for ever, until it reaches one
        assertThat(positions.caughtUpAt()).isLessThan(0);
        positions.replayedUpTo(10);
        assertThat(positions.caughtUpAt()).isEqualTo(100);
    }

    @Test
    void an_older_replay_reading_never_moves_the_replica_back() {
        // given a replica seen at 30, then a reading taken earlier arriving late
        positions.sampled(100, 10);
        positions.sampled(200, 30);
        positions.replayedUpTo(30);
        positions.replayedUpTo(12);

        // then what it was seen to hold stands
        assertThat(positions.replayed()).isEqualTo(30);
        assertThat(positions.caughtUpAt()).isEqualTo(200);
    }

    @Test
    void a_sample_taken_after_the_replay_reading_counts_once_the_primary_did_not_move() {
        // given an idle primary: a later sample at the same position the replica already replayed
        positions.sampled(100, 10);
        positions.replayedUpTo(10);
        positions.sampled(400, 10);

        // then the replica is as fresh as that later sample
        assertThat(positions.caughtUpAt()).isEqualTo(400);
    }
}
