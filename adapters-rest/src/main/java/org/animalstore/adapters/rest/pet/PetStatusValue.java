package org.animalstore.adapters.rest.pet;

import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;

/** PetStatus on the wire. Constants are spelled exactly as the JSON values, so nothing maps names by hand. */
@Serdeable
@Schema(name = "PetStatus", description = "Availability status of a pet.")
@SuppressWarnings("java:S115")
public enum PetStatusValue {
    available,
    pending,
    sold
}
