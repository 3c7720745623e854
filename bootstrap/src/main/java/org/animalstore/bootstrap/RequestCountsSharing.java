package org.animalstore.bootstrap;

import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import java.util.concurrent.atomic.AtomicBoolean;
import org.animalstore.domain.port.in.ShareRequestCountsUseCase;
import org.animalstore.domain.port.out.StorageUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shares this instance's request counts with the others every {@code petstore.quota-sharing-interval} (1 s): how long
 * one instance may miss what the others counted. While the database is away it goes on with the counts it knows.
 */
@Singleton
class RequestCountsSharing {

    private static final Logger LOG = LoggerFactory.getLogger(RequestCountsSharing.class);

    private final ShareRequestCountsUseCase sharing;
    private final AtomicBoolean failing = new AtomicBoolean();

    RequestCountsSharing(ShareRequestCountsUseCase sharing) {
        this.sharing = sharing;
    }

    @Scheduled(fixedDelay = "${petstore.quota-sharing-interval:1s}", initialDelay = "${petstore.quota-sharing-interval:1s}")
    void shareRequestCounts() {
        try {
            sharing.shareRequestCounts();
            if (failing.compareAndSet(true, false)) {
                LOG.info("Sharing request counts with the other instances again");
            }
        } catch (StorageUnavailableException e) {
            if (failing.compareAndSet(false, true)) {
                LOG.warn("Cannot share request counts with the other instances, quotas apply per instance until the database is back: {}",
                        e.getMessage());
            }
        }
    }
}
