package org.animalstore.adapters.rest.pet;

import org.animalstore.domain.model.PetName;

/** What the OpenAPI document says about fields NewPet and Pet share, written once. */
final class PetSchemas {

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

    static final String STORED_NAME_DESCRIPTION = "The animal's name as it was given: 1 to " + PetName.MAX_LENGTH
            + " Unicode characters (code points), not blank, no control characters. Names given since version 1.0.0 of this"
            + " document also have a visible character (see NewPet); older ones may not.";

    /** What every stored name satisfies: no control character, and one that is neither a control character nor a Java whitespace. */
    static final String STORED_NAME_PATTERN = "^[^\\u0000-\\u001F\\u007F-\\u009F]*"
            + "[^\\u0000-\\u0020\\u007F-\\u009F\\u1680\\u2000-\\u2006\\u2008-\\u200A\\u2028\\u2029\\u205F\\u3000]"
            + "[^\\u0000-\\u001F\\u007F-\\u009F]*$";

    static final String CATEGORY_ID_DESCRIPTION = "Identifier of the category the animal belongs to: any positive int64"
            + " (categories are not part of this service).";

    private PetSchemas() {
    }
}
