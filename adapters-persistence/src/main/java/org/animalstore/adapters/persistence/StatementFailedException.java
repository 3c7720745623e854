package org.animalstore.adapters.persistence;

import java.sql.SQLException;

/** A statement the database refused or could not run; the {@link SQLException} is its cause. */
public final class StatementFailedException extends RuntimeException {

    StatementFailedException(String message, SQLException cause) {
        super(message, cause);
    }
}
