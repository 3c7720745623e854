package org.animalstore.adapters.rest.pet;

import io.micronaut.core.annotation.Nullable;
import java.util.Optional;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.model.PetStatus;

/** Between domain pets and their JSON models. */
final class PetJsonMapper {

    private PetJsonMapper() {
    }

    static PetResponse toResponse(Pet pet) {
        return new PetResponse(pet.id().value(), pet.name().value(), pet.categoryId().value(),
                pet.status().map(PetJsonMapper::toStatusValue).orElse(null));
    }

    /** A NewPet body's fields, once their JSON types are checked; {@code status} is null when the body has none. */
    static NewPet toNewPet(String name, long categoryId, @Nullable PetStatusValue status) {
        return new NewPet(PetName.given(name), new CategoryId(categoryId), Optional.ofNullable(status).map(PetJsonMapper::toStatus));
    }

    /** The status for a wire value, matched exactly (lowercase, as the spec spells it). */
    static Optional<PetStatusValue> toStatusValue(String value) {
        for (PetStatusValue status : PetStatusValue.values()) {
            if (status.name().equals(value)) {
                return Optional.of(status);
            }
        }
        return Optional.empty();
    }

    static PetStatus toStatus(PetStatusValue value) {
        return switch (value) {
            case available -> PetStatus.AVAILABLE;
            case pending -> PetStatus.PENDING;
            case sold -> PetStatus.SOLD;
        };
    }

    static PetStatusValue toStatusValue(PetStatus status) {
        return switch (status) {
            case AVAILABLE -> PetStatusValue.available;
            case PENDING -> PetStatusValue.pending;
            case SOLD -> PetStatusValue.sold;
        };
    }
}
