package org.animalstore.adapters.rest.pet;

import java.util.Arrays;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetStatus;

/** Between domain pets and their JSON models. */
final class PetJsonMapper {

    private PetJsonMapper() {
    }

    static PetResponse toResponse(Pet pet) {
        return new PetResponse(pet.id().value(), pet.name().value(), pet.categoryId().value(),
                pet.status().map(PetJsonMapper::toStatusValue).orElse(null));
    }

    /** The status for a wire value, matched exactly (lowercase, as the spec spells it); 400 for any other value. */
    static PetStatus toStatus(String value) {
        return Arrays.stream(PetStatusValue.values()).filter(status -> status.name().equals(value)).findFirst()
                .map(PetJsonMapper::toStatus).orElseThrow(() -> ApiException.invalidRequest(NewPetJsonReader.STATUS_VALUES));
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
