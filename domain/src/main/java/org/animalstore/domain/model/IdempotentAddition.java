package org.animalstore.domain.model;

import java.util.Objects;

/** What adding a pet under an idempotency key did. */
public sealed interface IdempotentAddition {

    /** The key was free: the pet was added now. */
    record Added(Pet pet) implements IdempotentAddition {
        public Added {
            Objects.requireNonNull(pet, "pet");
        }
    }

    /** The key already added an equal pet: this is that pet, and nothing new was added. */
    record Replayed(Pet pet) implements IdempotentAddition {
        public Replayed {
            Objects.requireNonNull(pet, "pet");
        }
    }

    /** The key already added a different pet: nothing was added. */
    record KeyReused() implements IdempotentAddition {
    }

    /** Another addition under the same key has not finished yet: nothing was added; retry later. */
    record InProgress() implements IdempotentAddition {
    }
}
