package org.animalstore.adapters.rest.pet;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.swagger.v3.oas.annotations.media.Schema;
import org.animalstore.domain.model.PetName;

/**
 * The OpenAPI document's NewPet schema, and nothing else: no body is ever bound to it ({@link NewPetJsonReader}
 * binds its own strict Body). Kept for the document's field names,
 * constraints and descriptions; {@code status} carries no {@code @Nullable} for the reason {@link PetResponse} gives.
 */
@Schema(name = "NewPet", requiredProperties = {"name", "categoryId"},
        description = "A pet to add. Unknown fields are ignored, including `id`: the service assigns it.")
record NewPetRequest(
        @Schema(description = PetSchemas.NAME_DESCRIPTION, minLength = 1, maxLength = PetName.MAX_LENGTH, pattern = PetSchemas.NAME_PATTERN, example = "Rex")
        String name,
        @Schema(description = PetSchemas.CATEGORY_ID_DESCRIPTION, format = "int64", minimum = "1", example = "3")
        long categoryId,
        @JsonPropertyDescription("Availability status. Optional, with no default: omit it (never send `null`) to add a pet without a status.")
        PetStatusValue status) {
}
