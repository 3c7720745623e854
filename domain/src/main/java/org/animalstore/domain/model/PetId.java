package org.animalstore.domain.model;

/** Identifier the catalogue assigns to a pet when it is added; always positive. */
public record PetId(long value) {

    public PetId {
        if (value < 1) {
            throw new InvalidPetException("pet id must be a positive integer");
        }
    }
}
