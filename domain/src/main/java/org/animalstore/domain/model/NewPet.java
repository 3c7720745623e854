package org.animalstore.domain.model;

import java.util.Objects;
import java.util.Optional;

/** A pet about to be added to the catalogue: everything but the id. The status is optional (no default). */
public record NewPet(PetName name, CategoryId categoryId, Optional<PetStatus> status) {

    public NewPet {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(categoryId, "categoryId");
        Objects.requireNonNull(status, "status");
    }

    /** The pet this becomes once the catalogue has given it an id. */
    public Pet withId(PetId id) {
        return new Pet(id, name, categoryId, status);
    }
}
