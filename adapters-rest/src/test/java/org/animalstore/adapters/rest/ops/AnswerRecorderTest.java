package org.animalstore.adapters.rest.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AnswerRecorderTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void allows_the_lines_of_a_second_up_to_its_limit() {
        AnswerRecorder budget = new AnswerRecorder(new ManagementPort(0), null, "all", 2);

        assertThat(budget.take(5 * SECOND)).isZero();
        assertThat(budget.take(5 * SECOND + 1)).isZero();
        assertThat(budget.take(5 * SECOND + 2)).isEqualTo(AnswerRecorder.REFUSED);
    }

    @Test
    void tells_the_first_line_of_a_later_second_how_many_went_unlisted() {
        // given a second with three answers over its limit of one
        AnswerRecorder budget = new AnswerRecorder(new ManagementPort(0), null, "all", 1);
        budget.take(7 * SECOND);
        budget.take(7 * SECOND + 10);
        budget.take(7 * SECOND + 20);
        budget.take(7 * SECOND + 30);

        // when a line comes in a later second, then another
        long first = budget.take(9 * SECOND);
        long second = budget.take(10 * SECOND);

        // then the first carries the count, once
        assertThat(first).isEqualTo(3);
        assertThat(second).isZero();
    }

    @Test
    void threads_racing_in_one_second_get_its_lines_and_no_more_and_every_refusal_is_told() throws Exception {
        // given a second opened, and four threads taking lines in it at once
        AnswerRecorder budget = new AnswerRecorder(new ManagementPort(0), null, "all", 100);
        budget.take(3 * SECOND);
        AtomicInteger allowed = new AtomicInteger(1);
        try (ExecutorService threads = Executors.newFixedThreadPool(4)) {
            for (int t = 0; t < 4; t++) {
                threads.submit(() -> {
                    for (int i = 0; i < 10_000; i++) {
                        if (budget.take(3 * SECOND + i) == 0) {
                            allowed.incrementAndGet();
                        }
                    }
                });
            }
        }

        // then exactly the second's lines went through, and the next second tells all the others
        assertThat(allowed).hasValue(100);
        assertThat(budget.take(4 * SECOND)).isEqualTo(40_001 - 100);
    }

    @Test
    void a_time_before_the_current_second_does_not_reopen_it() {
        // given a second's budget used up
        AnswerRecorder budget = new AnswerRecorder(new ManagementPort(0), null, "all", 1);
        budget.take(3 * SECOND);

        // when a thread that read the clock earlier takes a line
        long late = budget.take(3 * SECOND - 1);

        // then it is refused like any other over the limit
        assertThat(late).isEqualTo(AnswerRecorder.REFUSED);
    }

    @Test
    void zero_means_no_limit() {
        AnswerRecorder budget = new AnswerRecorder(new ManagementPort(0), null, "all", 0);

        for (int line = 0; line < 10_000; line++) {
            assertThat(budget.take(SECOND)).isZero();
        }
    }

    @Test
    void rejects_a_negative_limit() {
        assertThatThrownBy(() -> new AnswerRecorder(new ManagementPort(0), null, "all", -1)).isInstanceOf(IllegalStateException.class);
    }
}
