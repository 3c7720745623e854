package org.animalstore.domain.model;

import java.util.regex.Pattern;

/**
 * A pet's name: 1 to {@value #MAX_LENGTH} Unicode characters, not blank, no control characters.
 * Stored and returned exactly as given (no trimming, no normalisation). A name a client gives now
 * ({@link #given}) must also have a character a person can see; names stored before that rule
 * are still read (the constructor).
 */
public record PetName(String value) {

    /** Maximum length in Unicode code points (what JSON Schema's maxLength counts). */
    public static final int MAX_LENGTH = 100;

    /** A letter, digit, punctuation mark, symbol or spacing mark, but not the Hangul fillers nor U+2800 (they show nothing). */
    private static final Pattern VISIBLE = Pattern.compile("[\\p{L}\\p{N}\\p{P}\\p{S}\\p{Mc}&&[^\\u115F\\u1160\\u3164\\uFFA0\\u2800]]");

    public PetName {
        if (value.isBlank()) {
            throw new InvalidPetException("name must not be blank");
        }
        if (value.codePointCount(0, value.length()) > MAX_LENGTH) {
            throw new InvalidPetException("name must be at most " + MAX_LENGTH + " characters long");
        }
        // Control characters (NUL above all) cannot be stored faithfully; a lone surrogate is not Unicode text.
        value.codePoints().filter(c -> Character.isISOControl(c) || Character.getType(c) == Character.SURROGATE).findFirst()
                .ifPresent(c -> {
                    throw new InvalidPetException(Character.isISOControl(c) ? "name must not contain control characters" : "name must be valid Unicode text");
                });
    }

    /**
     * A name given for a new pet: besides the constructor's rules, at least one visible character
     * ({@code VISIBLE}). Spaces, format characters (U+200B, U+FEFF), combining marks alone, private-use
     * and unassigned code points (U+FFFF) may be part of a name but are not enough.
     */
    public static PetName given(String value) {
        PetName name = new PetName(value);
        if (!VISIBLE.matcher(value).find()) {
            throw new InvalidPetException("name must have at least one visible character");
        }
        return name;
    }
}
