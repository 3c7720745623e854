package org.animalstore.bootstrap;

import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import org.animalstore.domain.port.in.ForgetExpiredIdempotencyKeysUseCase;
import org.animalstore.domain.port.out.StorageUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Forgets expired Idempotency-Keys now and then (they are already ignored: this only bounds storage); instances
 * running it at once take disjoint batches (see the persistence adapter).
 */
@Singleton
class ExpiredIdempotencyKeysCleanup {

    private static final Logger LOG = LoggerFactory.getLogger(ExpiredIdempotencyKeysCleanup.class);

    private final ForgetExpiredIdempotencyKeysUseCase forgetExpiredKeys;

    ExpiredIdempotencyKeysCleanup(ForgetExpiredIdempotencyKeysUseCase forgetExpiredKeys) {
        this.forgetExpiredKeys = forgetExpiredKeys;
    }

    @Scheduled(fixedDelay = "${petstore.idempotency.cleanup-interval:10m}", initialDelay = "${petstore.idempotency.cleanup-interval:10m}")
    int forgetExpiredKeys() {
        try {
            int forgotten = forgetExpiredKeys.forgetExpiredKeys();
            if (forgotten > 0) {
                LOG.info("Forgot {} expired idempotency keys", forgotten);
            }
            return forgotten;
        } catch (StorageUnavailableException e) {
            LOG.warn("Could not forget expired idempotency keys, will retry at the next run: {}", e.getMessage());
            return 0;
        }
    }
}
