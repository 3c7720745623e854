package org.animalstore.adapters.rest.pet;

import io.micronaut.core.annotation.Nullable;
import io.swagger.v3.oas.annotations.media.Schema;

/** NewPet on the wire, after JSON types are checked; the domain checks the values. */
@Schema(name = "NewPet", requiredProperties = {"name", "categoryId"})
public record NewPetRequest(
        @Schema(description = "The animal's name: 1 to 100 characters, not blank, no control characters.", minLength = 1, maxLength = 100, example = "Rex")
        String name,
        @Schema(description = "Identifier of the category the animal belongs to.", format = "int64", minimum = "1", example = "3")
        long categoryId,
        @Schema(description = "Availability status. Optional, with no default: omit it to add a pet without a status.")
        @Nullable PetStatusValue status) {
}
