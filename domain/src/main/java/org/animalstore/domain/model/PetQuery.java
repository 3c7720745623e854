package org.animalstore.domain.model;

import java.util.Objects;
import java.util.Optional;

/** Which pets to list: at most {@code limit}, in id order, optionally of one status, with ids above {@code after} (keyset paging). */
public record PetQuery(int limit, Optional<PetStatus> status, Optional<PetId> after) {

    public static final int MIN_LIMIT = 1;
    public static final int MAX_LIMIT = 100;
    public static final int DEFAULT_LIMIT = 20;

    public PetQuery {
        if (limit < MIN_LIMIT || limit > MAX_LIMIT) {
            throw new InvalidPetException("limit must be an integer from " + MIN_LIMIT + " to " + MAX_LIMIT);
        }
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(after, "after");
    }
}
