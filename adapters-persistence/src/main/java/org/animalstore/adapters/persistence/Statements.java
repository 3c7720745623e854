package org.animalstore.adapters.persistence;

import io.micronaut.data.exceptions.DataAccessException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Runs one prepared statement on a connection Micronaut Data manages. Plain JDBC keeps Micronaut Data's
 * repository runtime out of the process: only its connection and transaction management is used.
 */
final class Statements {

    private Statements() {
    }

    /** Work on one prepared statement. */
    @FunctionalInterface
    interface StatementWork<R> {
        R on(PreparedStatement statement) throws SQLException;
    }

    static <R> R run(Connection connection, String sql, StatementWork<R> work) {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            return work.on(statement);
        } catch (SQLException e) {
            throw new DataAccessException("Statement failed: " + e.getMessage(), e);
        }
    }
}
