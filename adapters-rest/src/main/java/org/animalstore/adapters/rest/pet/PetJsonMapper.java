package org.animalstore.adapters.rest.pet;

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

    static NewPet toNewPet(NewPetRequest request) {
        return new NewPet(new PetName(request.name()), new CategoryId(request.categoryId()),
                Optional.ofNullable(request.status()).map(PetJsonMapper::toStatus));
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
