package org.animalstore.domain.model;

/** Availability of a pet in the catalogue. */
public enum PetStatus { AVAILABLE, PENDING, SOLD }
