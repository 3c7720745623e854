package org.animalstore.bootstrap.shape;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The diary check itself: clock times and "today" are caught; figures, ratios and timestamps in logs are not. */
class RunDiaryTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "Latest run: 2026-11-27 15:00 UTC, 2 cores",
            "in the slow hour of 05:57 UTC",
            "9:30 on a quiet machine",
            "(23:59)",
            "as measured today",
            "Today the list page"})
    void catches_a_clock_time_or_today(String line) {
        assertThat(RunDiary.readsLikeADiary(line)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "list 52 050 requests/s, p99 2.88 ms",
            "2026-11-22T04:06:43.087Z INFO the access line",
            "[bench 18:05:01] starting the service",
            "ratio 1.35-1.51, Sunset: 05 Dec 2030",
            "todays_count and totally unrelated words"})
    void passes_figures_timestamps_and_other_words(String line) {
        assertThat(RunDiary.readsLikeADiary(line)).isFalse();
    }
}
