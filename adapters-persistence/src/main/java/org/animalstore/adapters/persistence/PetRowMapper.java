package org.animalstore.adapters.persistence;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.model.PetStatus;

/** Between domain pets and table rows; statuses are stored as the lowercase names the CHECK constraint allows. */
final class PetRowMapper {

    // One Optional per status for every pet read: pets are kept in memory in their hundreds of thousands.
    private static final Optional<PetStatus> AVAILABLE = Optional.of(PetStatus.AVAILABLE);
    private static final Optional<PetStatus> PENDING = Optional.of(PetStatus.PENDING);
    private static final Optional<PetStatus> SOLD = Optional.of(PetStatus.SOLD);
    // Catalogues have few categories: one CategoryId each for the first ones, as for the statuses above.
    private static final CategoryId[] FIRST_CATEGORIES = new CategoryId[1024];

    static {
        for (int i = 0; i < FIRST_CATEGORIES.length; i++) {
            FIRST_CATEGORIES[i] = new CategoryId(i + 1L);
        }
    }

    private PetRowMapper() {
    }

    /** The pet in the current row of {@code id, name, category_id, status}. */
    static Pet toPet(ResultSet row) throws SQLException {
        String status = row.getString(4);
        return new Pet(new PetId(row.getLong(1)), new PetName(row.getString(2)), toCategoryId(row.getLong(3)),
                status == null ? Optional.empty() : toStatus(status));
    }

    static String toColumn(PetStatus status) {
        return switch (status) {
            case AVAILABLE -> "available";
            case PENDING -> "pending";
            case SOLD -> "sold";
        };
    }

    private static CategoryId toCategoryId(long value) {
        return value >= 1 && value <= FIRST_CATEGORIES.length ? FIRST_CATEGORIES[(int) value - 1] : new CategoryId(value);
    }

    private static Optional<PetStatus> toStatus(String column) {
        return switch (column) {
            case "available" -> AVAILABLE;
            case "pending" -> PENDING;
            case "sold" -> SOLD;
            default -> throw new IllegalStateException("Unknown status in the pet table: " + column);
        };
    }
}
