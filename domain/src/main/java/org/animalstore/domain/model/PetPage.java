package org.animalstore.domain.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** One page of a listing; {@code nextAfter}, present when more pets match the query, is the id to continue after. */
public record PetPage(List<Pet> pets, Optional<PetId> nextAfter) {

    public PetPage {
        pets = List.copyOf(pets);
        Objects.requireNonNull(nextAfter, "nextAfter");
    }
}
