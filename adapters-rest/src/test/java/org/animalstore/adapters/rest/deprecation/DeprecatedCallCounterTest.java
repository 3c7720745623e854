package org.animalstore.adapters.rest.deprecation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.animalstore.domain.testing.SettableClock;
import org.junit.jupiter.api.Test;

class DeprecatedCallCounterTest {

    private final SettableClock clock = new SettableClock(Instant.parse("2027-03-01T12:00:00Z"));
    private final DeprecatedCallCounter counter = new DeprecatedCallCounter(clock);

    @Test
    void counts_every_call_in_total_and_per_api_key() {
        counter.record("key-1");
        counter.record("key-2");
        counter.record("key-1");

        assertThat(counter.total()).isEqualTo(3);
        assertThat(counter.byApiKey()).isEqualTo(Map.of("key-1", 2L, "key-2", 1L));
    }

    @Test
    void logs_at_most_once_a_minute_per_api_key() {
        assertThat(counter.record("key-1")).as("first call").isTrue();

        clock.advance(Duration.ofSeconds(59));
        assertThat(counter.record("key-1")).as("59 s later").isFalse();
        assertThat(counter.record("key-2")).as("another key").isTrue();

        clock.advance(Duration.ofSeconds(1));
        assertThat(counter.record("key-1")).as("a minute after the first").isTrue();
        assertThat(counter.record("key-1")).as("right after that").isFalse();
    }
}
