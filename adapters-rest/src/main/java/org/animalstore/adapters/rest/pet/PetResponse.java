package org.animalstore.adapters.rest.pet;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import org.animalstore.domain.model.Pet;
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
        @Schema(description = STORED_NAME_DESCRIPTION, minLength = 1, maxLength = PetName.MAX_LENGTH, pattern = STORED_NAME_PATTERN, example = "Rex")
        String name,
        @Schema(description = CATEGORY_ID_DESCRIPTION, format = "int64", minimum = "1", example = "3")
        long categoryId,
        @JsonPropertyDescription("Availability status; absent when the pet was added without one.")
        PetStatusValue status) {

    static PetResponse of(Pet pet) {
        return new PetResponse(pet.id().value(), pet.name().value(), pet.categoryId().value(), pet.status().map(PetStatusValue::of).orElse(null));
    }

    static final String STORED_NAME_DESCRIPTION = "The animal's name as it was given: 1 to " + PetName.MAX_LENGTH
            + " Unicode characters (code points), not blank, no control characters. Names given since version 1.0.0 of this"
            + " document also have a visible character (see NewPet); older ones may not.";

    /** What every stored name satisfies: no control character, and one that is neither a control character nor a Java whitespace. */
    static final String STORED_NAME_PATTERN = "^[^\\u0000-\\u001F\\u007F-\\u009F]*"
            + "[^\\u0000-\\u0020\\u007F-\\u009F\\u1680\\u2000-\\u2006\\u2008-\\u200A\\u2028\\u2029\\u205F\\u3000]"
            + "[^\\u0000-\\u001F\\u007F-\\u009F]*$";

    static final String CATEGORY_ID_DESCRIPTION = "Identifier of the category the animal belongs to: any positive int64"
            + " (categories are not part of this service).";
}
