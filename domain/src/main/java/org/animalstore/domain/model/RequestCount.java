package org.animalstore.domain.model;

import java.util.Objects;

/** How many requests a client made in the quota window that starts at {@code windowStart} (epoch seconds). */
public record RequestCount(String client, long windowStart, long requests) {

    public RequestCount {
        Objects.requireNonNull(client, "client");
        if (requests < 0) {
            throw new IllegalArgumentException("a request count is not negative: " + requests);
        }
    }
}
