package org.animalstore.bootstrap.support;

import io.micronaut.test.annotation.MockBean;
import java.time.Clock;
import java.time.Instant;
import org.animalstore.domain.testing.SettableClock;
import org.junit.jupiter.api.BeforeEach;

/** The running service with its clock replaced by one the test sets; it reads the real time at the start of each test. */
public abstract class ClockedApiTestBase extends ApiTestBase {

    protected static final SettableClock CLOCK = new SettableClock(Instant.now());

    @MockBean(Clock.class)
    protected Clock clock() {
        return CLOCK;
    }

    @BeforeEach
    protected void startNow() {
        CLOCK.set(Instant.now());
    }
}
