package org.animalstore.domain.model;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Which quota applies to which client: the standard one (empty: none) unless the client has its own
 * (an empty one: the client is not limited).
 */
public record Quotas(Optional<Quota> standard, Map<String, Optional<Quota>> perClient) {

    public Quotas {
        Objects.requireNonNull(standard, "standard");
        perClient = Map.copyOf(perClient);
    }

    public Optional<Quota> of(String client) {
        Optional<Quota> own = perClient.get(client);
        return own != null ? own : standard;
    }

    /** The longest window of any quota, 0 when no client is limited: how long counts must be kept. */
    public long longestWindowSeconds() {
        long longest = standard.map(Quota::windowSeconds).orElse(0L);
        for (Optional<Quota> quota : perClient.values()) {
            longest = Math.max(longest, quota.map(Quota::windowSeconds).orElse(0L));
        }
        return longest;
    }

    public boolean anyLimited() {
        return longestWindowSeconds() > 0;
    }
}
