package org.animalstore.bootstrap;

import io.micronaut.test.annotation.MockBean;
import java.time.Clock;
import java.time.Instant;
import org.animalstore.domain.testing.SettableClock;
import org.junit.jupiter.api.BeforeEach;

/** The running service with its clock replaced by one the test sets; it reads the real time at the start of each test. */
abstract class ClockedApiTestBase extends ApiTestBase {

    static final SettableClock CLOCK = new SettableClock(Instant.now());

    @MockBean(Clock.class)
    Clock clock() {
        return CLOCK;
    }

    @BeforeEach
    void startNow() {
        CLOCK.set(Instant.now());
    }
}
