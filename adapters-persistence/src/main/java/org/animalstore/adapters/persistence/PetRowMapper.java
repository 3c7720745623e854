package org.animalstore.adapters.persistence;

import java.util.Locale;
import java.util.Optional;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.model.PetStatus;

/** Between domain pets and table rows; statuses are stored as the lowercase names the CHECK constraint allows. */
final class PetRowMapper {

    private PetRowMapper() {
    }

    static PetRow toRow(NewPet newPet) {
        return new PetRow(null, newPet.name().value(), newPet.categoryId().value(),
                newPet.status().map(PetRowMapper::toColumn).orElse(null));
    }

    static Pet toPet(PetRow row) {
        return new Pet(new PetId(row.id()), new PetName(row.name()), new CategoryId(row.categoryId()),
                Optional.ofNullable(row.status()).map(PetRowMapper::toStatus));
    }

    static String toColumn(PetStatus status) {
        return status.name().toLowerCase(Locale.ROOT);
    }

    private static PetStatus toStatus(String column) {
        return PetStatus.valueOf(column.toUpperCase(Locale.ROOT));
    }
}
