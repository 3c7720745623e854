package org.animalstore.adapters.rest.pet;

import org.animalstore.domain.model.PetName;

/** What the OpenAPI document says about fields NewPet and Pet share, written once. */
final class PetSchemas {

    static final String NAME_DESCRIPTION = "The animal's name: 1 to " + PetName.MAX_LENGTH + " Unicode characters (code points), not blank,"
            + " no control characters (U+0000 to U+001F, U+007F to U+009F), valid Unicode (no lone surrogates)."
            + " Stored and returned exactly as sent; not unique.";

    /**
     * PetName's rule as an ECMA-262 pattern: no control character, and at least one character that is neither
     * a control character nor one of Java's {@code isWhitespace} spaces (which {@code String.isBlank} uses).
     */
    static final String NAME_PATTERN = "^[^\\u0000-\\u001F\\u007F-\\u009F]*"
            + "[^\\u0000-\\u0020\\u007F-\\u009F\\u1680\\u2000-\\u2006\\u2008-\\u200A\\u2028\\u2029\\u205F\\u3000]"
            + "[^\\u0000-\\u001F\\u007F-\\u009F]*$";

    static final String CATEGORY_ID_DESCRIPTION = "Identifier of the category the animal belongs to: any positive int64"
            + " (categories are not part of this service).";

    private PetSchemas() {
    }
}
