package org.animalstore.domain.model;

/** Reference to the category a pet belongs to; the category record itself is not part of this service. */
public record CategoryId(long value) {

    public CategoryId {
        if (value < 1) {
            throw new InvalidPetException("categoryId must be a positive integer");
        }
    }
}
