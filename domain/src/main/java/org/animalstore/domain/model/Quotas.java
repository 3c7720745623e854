package org.animalstore.domain.model;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/** Which quota applies to a client: its own if it has one (empty: not limited), else the standard one (empty: none). */
public record Quotas(Optional<Quota> standard, Map<String, Optional<Quota>> perClient) {

    public Quotas {
        Objects.requireNonNull(standard, "standard");
        perClient = Map.copyOf(perClient);
    }

    public Optional<Quota> of(String client) {
        return perClient.getOrDefault(client, standard);
    }

    /** The longest window of any quota, 0 when no client is limited: how long counts must be kept. */
    public long longestWindowSeconds() {
        return Stream.concat(Stream.of(standard), perClient.values().stream()).flatMap(Optional::stream)
                .mapToLong(Quota::windowSeconds).max().orElse(0);
    }
}
