package org.animalstore.domain.model;

import java.util.Objects;

/**
 * A pet's name: 1 to {@value #MAX_LENGTH} Unicode characters, not blank, no control characters.
 * Stored and returned exactly as given (no trimming, no normalisation).
 */
public record PetName(String value) {

    /** Maximum length in Unicode code points (what JSON Schema's maxLength counts). */
    public static final int MAX_LENGTH = 100;

    public PetName {
        Objects.requireNonNull(value, "value");
        if (value.isBlank()) {
            throw new InvalidPetException("name must not be blank");
        }
        if (value.codePointCount(0, value.length()) > MAX_LENGTH) {
            throw new InvalidPetException("name must be at most " + MAX_LENGTH + " characters long");
        }
        checkCharacters(value);
    }

    // Control characters (NUL above all) cannot be stored faithfully and are never part of a name;
    // a lone surrogate is not Unicode text and would be mangled on its way to storage.
    private static void checkCharacters(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isISOControl(c)) {
                throw new InvalidPetException("name must not contain control characters");
            }
            if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new InvalidPetException("name must be valid Unicode text");
            }
        }
    }
}
