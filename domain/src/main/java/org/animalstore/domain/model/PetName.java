package org.animalstore.domain.model;

import java.util.Objects;
import java.util.Set;

/**
 * A pet's name: 1 to {@value #MAX_LENGTH} Unicode characters, not blank, no control characters.
 * Stored and returned exactly as given (no trimming, no normalisation). A name a client gives now
 * ({@link #given}) must also have a character a person can see; names stored before that rule
 * are still read (the constructor).
 */
public record PetName(String value) {

    /** Maximum length in Unicode code points (what JSON Schema's maxLength counts). */
    public static final int MAX_LENGTH = 100;

    /** Hangul fillers (Default_Ignorable letters) and U+2800 BRAILLE PATTERN BLANK. */
    private static final Set<Integer> SHOWS_NOTHING = Set.of(0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800);

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

    /**
     * A name given for a new pet: besides the constructor's rules, at least one visible character, a
     * letter, digit, punctuation mark, symbol or spacing mark. Spaces, format characters (U+200B,
     * U+FEFF), combining marks alone, private-use and unassigned code points (U+FFFF) may be part of a
     * name but are not enough, nor are the Hangul fillers and the blank braille pattern, letters and
     * symbols that show nothing.
     */
    public static PetName given(String value) {
        PetName name = new PetName(value);
        if (value.codePoints().noneMatch(PetName::isVisible)) {
            throw new InvalidPetException("name must have at least one visible character");
        }
        return name;
    }

    private static boolean isVisible(int codePoint) {
        return switch (Character.getType(codePoint)) {
            case Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER, Character.MODIFIER_LETTER,
                 Character.OTHER_LETTER, Character.DECIMAL_DIGIT_NUMBER, Character.LETTER_NUMBER, Character.OTHER_NUMBER,
                 Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                 Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION,
                 Character.OTHER_PUNCTUATION, Character.MATH_SYMBOL, Character.CURRENCY_SYMBOL, Character.MODIFIER_SYMBOL,
                 Character.OTHER_SYMBOL, Character.COMBINING_SPACING_MARK -> !SHOWS_NOTHING.contains(codePoint);
            default -> false;
        };
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
