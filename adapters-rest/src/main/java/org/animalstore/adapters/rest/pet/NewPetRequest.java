package org.animalstore.adapters.rest.pet;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.swagger.v3.oas.annotations.media.Schema;
import org.animalstore.domain.model.PetName;

/**
 * NewPet on the wire, after JSON types are checked; the domain checks the values. {@code status} is null
 * when the client left it out (see {@link PetResponse} for why it carries no {@code @Nullable}).
 */
@Schema(name = "NewPet", requiredProperties = {"name", "categoryId"},
        description = "A pet to add. Unknown fields are ignored, including `id`: the service assigns it.")
public record NewPetRequest(
        @Schema(description = PetSchemas.NAME_DESCRIPTION, minLength = 1, maxLength = PetName.MAX_LENGTH, pattern = PetSchemas.NAME_PATTERN, example = "Rex")
        String name,
        @Schema(description = PetSchemas.CATEGORY_ID_DESCRIPTION, format = "int64", minimum = "1", example = "3")
        long categoryId,
        @JsonPropertyDescription("Availability status. Optional, with no default: omit it (never send `null`) to add a pet without a status.")
        PetStatusValue status) {
}
