package org.animalstore.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import org.animalstore.bootstrap.support.LogCapture;
import org.animalstore.domain.port.out.StorageUnavailableException;
import org.junit.jupiter.api.Test;

/** The scheduled sharing of request counts (beside its package-private class): an outage is said once, and its end once. */
class RequestCountsSharingTest {

    private static final String LOGGER = RequestCountsSharing.class.getName();

    @Test
    void an_outage_over_many_rounds_is_logged_once_and_its_end_once() {
        // given sharing that fails three rounds running, then succeeds twice
        Queue<Boolean> rounds = new ArrayDeque<>(List.of(false, false, false, true, true));
        RequestCountsSharing sharing = new RequestCountsSharing(() -> {
            if (!rounds.remove()) {
                throw new StorageUnavailableException("the database is out of reach", null);
            }
        });

        try (LogCapture logs = new LogCapture(LOGGER)) {
            // when the scheduler runs it five times
            for (int round = 0; round < 5; round++) {
                sharing.shareRequestCounts();
            }

            // then one warning said the outage, one line its end, and no round threw
            assertThat(logs.from(LOGGER)).extracting(ILoggingEvent::getLevel).containsExactly(Level.WARN, Level.INFO);
            assertThat(logs.from(LOGGER).getFirst().getFormattedMessage()).contains("quotas apply per instance", "out of reach");
        }
    }
}
