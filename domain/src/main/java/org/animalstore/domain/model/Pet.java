package org.animalstore.domain.model;

import java.util.Objects;
import java.util.Optional;

/** An animal in the catalogue. A pet added without a status keeps none: {@code status} is then empty. */
public record Pet(PetId id, PetName name, CategoryId categoryId, Optional<PetStatus> status) {

    public Pet {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(categoryId, "categoryId");
        Objects.requireNonNull(status, "status");
    }
}
