package org.animalstore.adapters.rest.pet;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import org.animalstore.domain.model.PetName;

/**
 * Pet on the wire. A pet without a status is sent without the {@code status} field (never {@code null}),
 * so {@code status} may be null here although the published schema is not nullable. It carries no
 * {@code @Nullable} (and no field-level {@code @Schema}) because either would publish it as
 * {@code nullable} or rename its schema from {@code PetStatus}; its description comes from Jackson's annotation.
 */
@Serdeable
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(name = "Pet", requiredProperties = {"id", "name", "categoryId"},
        description = "A pet as stored. `status` is absent when the pet was added without one (it is never `null`).")
public record PetResponse(
        @Schema(description = "Unique identifier, assigned by the service on creation.", format = "int64", minimum = "1", example = "42")
        long id,
        @Schema(description = PetSchemas.STORED_NAME_DESCRIPTION, minLength = 1, maxLength = PetName.MAX_LENGTH, pattern = PetSchemas.STORED_NAME_PATTERN, example = "Rex")
        String name,
        @Schema(description = PetSchemas.CATEGORY_ID_DESCRIPTION, format = "int64", minimum = "1", example = "3")
        long categoryId,
        @JsonPropertyDescription("Availability status; absent when the pet was added without one.")
        PetStatusValue status) {
}
