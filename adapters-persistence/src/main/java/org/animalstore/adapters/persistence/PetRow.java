package org.animalstore.adapters.persistence;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.GeneratedValue;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;

/** One row of the {@code pet} table. */
@MappedEntity("pet")
record PetRow(@Id @GeneratedValue @Nullable Long id, String name, long categoryId, @Nullable String status) {
}
