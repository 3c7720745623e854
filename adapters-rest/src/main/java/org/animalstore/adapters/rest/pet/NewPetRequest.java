package org.animalstore.adapters.rest.pet;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.swagger.v3.oas.annotations.media.Schema;
import org.animalstore.domain.model.PetName;

/**
 * The OpenAPI document's NewPet schema only ({@link NewPetJsonReader} binds bodies); {@code status} carries no
 * {@code @Nullable} for the reason {@link PetResponse} gives.
 */
@Schema(name = "NewPet", requiredProperties = {"name", "categoryId"},
        description = "A pet to add. Unknown fields are ignored, including `id`: the service assigns it.")
record NewPetRequest(
        @Schema(description = NAME_DESCRIPTION, minLength = 1, maxLength = PetName.MAX_LENGTH, pattern = NAME_PATTERN, example = "Rex")
        String name,
        @Schema(description = PetResponse.CATEGORY_ID_DESCRIPTION, format = "int64", minimum = "1", example = "3")
        long categoryId,
        @JsonPropertyDescription("Availability status. Optional, with no default: omit it (never send `null`) to add a pet without a status.")
        PetStatusValue status) {

    static final String NAME_DESCRIPTION = "The animal's name: 1 to " + PetName.MAX_LENGTH + " Unicode characters (code points),"
            + " at least one of them visible (a letter, digit, punctuation mark, symbol or spacing mark: spaces, format characters"
            + " such as U+200B and U+FEFF, combining marks alone, private-use and unassigned code points are not enough),"
            + " no control characters (U+0000 to U+001F, U+007F to U+009F), valid Unicode (no lone surrogates)."
            + " Stored and returned exactly as sent; not unique.";

    /**
     * PetName's rule as an ECMA-262 pattern (no flags, so no Unicode property classes): no control character,
     * and at least one character that is not a control character, a space, or a BMP format or other invisible
     * character. Names made only of combining marks, private-use or unassigned code points pass the pattern and
     * are refused all the same ({@link PetName#given}).
     */
    static final String NAME_PATTERN = "^[^\\u0000-\\u001F\\u007F-\\u009F]*"
            + "[^\\u0000-\\u0020\\u007F-\\u00A0\\u00AD\\u034F\\u061C\\u115F\\u1160\\u1680\\u17B4\\u17B5\\u180B-\\u180F"
            + "\\u2000-\\u200F\\u2028-\\u202F\\u205F-\\u206F\\u2800\\u3000\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFFB\\uFFFE\\uFFFF]"
            + "[^\\u0000-\\u001F\\u007F-\\u009F]*$";
}
