package org.animalstore.adapters.persistence.postgresql;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import java.time.Duration;

/**
 * How the read replica is used when {@code datasources.replica.url} is set (docs/scaling.md).
 *
 * @param maxLag        reads leave the replica once it may miss a commit older than this
 *                      ({@code PETSTORE_REPLICA_MAX_LAG}); a create waits at most this long for the replica
 *                      to show it
 * @param checkInterval how often the replica's replay position is compared with the primary's
 *                      ({@code PETSTORE_REPLICA_CHECK_INTERVAL})
 */
@ConfigurationProperties("petstore.replica")
public record ReplicaSettings(@Bindable(defaultValue = "500ms") Duration maxLag, @Bindable(defaultValue = "100ms") Duration checkInterval) {

    public ReplicaSettings {
        if (maxLag.isNegative() || maxLag.isZero() || checkInterval.isNegative() || checkInterval.isZero()) {
            throw new IllegalArgumentException("petstore.replica.max-lag and check-interval must be positive");
        }
        if (checkInterval.compareTo(maxLag) >= 0) {
            throw new IllegalArgumentException("petstore.replica.check-interval must be shorter than max-lag, else reads never use the replica");
        }
    }
}
