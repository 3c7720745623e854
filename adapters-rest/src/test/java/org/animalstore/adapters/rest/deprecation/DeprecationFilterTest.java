package org.animalstore.adapters.rest.deprecation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.OptionalLong;
import org.animalstore.domain.testing.SettableClock;
import org.junit.jupiter.api.Test;

class DeprecationFilterTest {

    private final SettableClock clock = new SettableClock(Instant.parse("2027-03-01T12:00:00Z"));
    private final DeprecationFilter counter = new DeprecationFilter(clock, null);

    @Test
    void logs_at_most_once_a_minute_per_api_key() {
        assertThat(counter.record("key-1")).as("first call").isPresent();

        clock.advance(Duration.ofSeconds(59));
        assertThat(counter.record("key-1")).as("59 s later").isEmpty();
        assertThat(counter.record("key-2")).as("another key").isPresent();

        clock.advance(Duration.ofSeconds(1));
        assertThat(counter.record("key-1")).as("a minute after the first").isPresent();
        assertThat(counter.record("key-1")).as("right after that").isEmpty();
    }

    @Test
    void logs_the_calls_of_that_api_key_since_startup() {
        counter.record("key-1");
        counter.record("key-2");
        counter.record("key-1");
        clock.advance(DeprecationFilter.LOG_INTERVAL);

        assertThat(counter.record("key-1")).as("key-1, its third call").isEqualTo(OptionalLong.of(3));
        assertThat(counter.record("key-2")).as("key-2, its second call").isEqualTo(OptionalLong.of(2));
    }
}
