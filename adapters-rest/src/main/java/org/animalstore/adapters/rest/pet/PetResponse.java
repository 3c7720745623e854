package org.animalstore.adapters.rest.pet;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;

/** Pet on the wire. A pet without a status is sent without the {@code status} field (never {@code null}). */
@Serdeable
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(name = "Pet", requiredProperties = {"id", "name", "categoryId"})
public record PetResponse(
        @Schema(description = "Unique identifier, assigned by the service on creation.", format = "int64", minimum = "1", example = "42")
        long id,
        @Schema(description = "The animal's name.", minLength = 1, maxLength = 100, example = "Rex")
        String name,
        @Schema(description = "Identifier of the category the animal belongs to.", format = "int64", minimum = "1", example = "3")
        long categoryId,
        @Schema(description = "Availability status; absent when the pet was added without one.")
        @Nullable PetStatusValue status) {
}
