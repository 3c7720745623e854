package org.animalstore.adapters.rest.pet;

import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Arrays;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.domain.model.PetStatus;

/** PetStatus on the wire. Constants are spelled exactly as the JSON values, so nothing maps names by hand. */
@Serdeable
@Schema(name = "PetStatus", description = "Availability status of a pet.")
@SuppressWarnings("java:S115")
public enum PetStatusValue {
    available(PetStatus.AVAILABLE),
    pending(PetStatus.PENDING),
    sold(PetStatus.SOLD);

    final PetStatus status;

    PetStatusValue(PetStatus status) {
        this.status = status;
    }

    /** The status for a wire value, matched exactly (lowercase, as the spec spells it); 400 for any other value. */
    static PetStatus parse(String value) {
        return Arrays.stream(values()).filter(status -> status.name().equals(value)).findFirst()
                .map(status -> status.status).orElseThrow(() -> ApiException.invalidRequest(NewPetJsonReader.STATUS_VALUES));
    }

    static PetStatusValue of(PetStatus status) {
        return switch (status) {
            case AVAILABLE -> available;
            case PENDING -> pending;
            case SOLD -> sold;
        };
    }
}
