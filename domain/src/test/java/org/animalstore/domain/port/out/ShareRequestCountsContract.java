package org.animalstore.domain.port.out;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.animalstore.domain.model.RequestCount;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every implementation of {@link ShareRequestCountsPort} must do. A team swapping the persistence
 * adapter extends this class, supplies its adapter and an empty store, and runs it.
 */
public abstract class ShareRequestCountsContract {

    private static final long WINDOW = 1_900_000_020L;

    /** The adapter under test. */
    protected abstract ShareRequestCountsPort counts();

    /** Removes every recorded count, so each test starts from nothing. */
    protected abstract void emptyTheStore();

    @BeforeEach
    void startEmpty() {
        emptyTheStore();
    }

    @Test
    void a_count_one_instance_shares_is_seen_by_the_others() {
        // given
        counts().share("a", List.of(new RequestCount("key-1", WINDOW, 5)), WINDOW);

        // when
        List<RequestCount> seenByB = counts().share("b", List.of(), WINDOW);

        // then
        assertThat(seenByB).containsExactly(new RequestCount("key-1", WINDOW, 5));
    }

    @Test
    void an_instance_does_not_get_its_own_count_back() {
        // when
        List<RequestCount> seenByA = counts().share("a", List.of(new RequestCount("key-1", WINDOW, 5)), WINDOW);

        // then
        assertThat(seenByA).isEmpty();
    }

    @Test
    void a_new_count_replaces_what_the_instance_shared_before() {
        // given
        counts().share("a", List.of(new RequestCount("key-1", WINDOW, 5)), WINDOW);

        // when
        counts().share("a", List.of(new RequestCount("key-1", WINDOW, 8)), WINDOW);

        // then
        assertThat(counts().share("b", List.of(), WINDOW)).containsExactly(new RequestCount("key-1", WINDOW, 8));
    }

    @Test
    void the_counts_of_several_other_instances_add_up_per_client_and_window() {
        // given
        counts().share("a", List.of(new RequestCount("key-1", WINDOW, 5), new RequestCount("key-2", WINDOW, 1)), WINDOW);
        counts().share("b", List.of(new RequestCount("key-1", WINDOW, 3), new RequestCount("key-1", WINDOW + 60, 2)), WINDOW);

        // when
        List<RequestCount> seenByC = counts().share("c", List.of(new RequestCount("key-1", WINDOW, 100)), WINDOW);

        // then
        assertThat(seenByC).containsExactlyInAnyOrder(new RequestCount("key-1", WINDOW, 8), new RequestCount("key-2", WINDOW, 1),
                new RequestCount("key-1", WINDOW + 60, 2));
    }

    @Test
    void windows_that_started_before_since_are_left_out() {
        // given
        counts().share("a", List.of(new RequestCount("key-1", WINDOW - 60, 7), new RequestCount("key-1", WINDOW, 1)), WINDOW - 60);

        // when
        List<RequestCount> seenByB = counts().share("b", List.of(), WINDOW);

        // then
        assertThat(seenByB).containsExactly(new RequestCount("key-1", WINDOW, 1));
    }

    @Test
    void forgotten_windows_are_gone_and_later_ones_stay() {
        // given
        counts().share("a", List.of(new RequestCount("key-1", WINDOW - 60, 7), new RequestCount("key-1", WINDOW, 1)), WINDOW - 60);

        // when
        counts().forgetWindowsBefore(WINDOW);

        // then
        assertThat(counts().share("b", List.of(), WINDOW - 60)).containsExactly(new RequestCount("key-1", WINDOW, 1));
    }

    @Test
    void client_names_are_kept_exactly() {
        // given labels that differ only in case
        counts().share("a", List.of(new RequestCount("Partner", WINDOW, 2), new RequestCount("partner", WINDOW, 3)), WINDOW);

        // then
        assertThat(counts().share("b", List.of(), WINDOW))
                .containsExactlyInAnyOrder(new RequestCount("Partner", WINDOW, 2), new RequestCount("partner", WINDOW, 3));
    }
}
