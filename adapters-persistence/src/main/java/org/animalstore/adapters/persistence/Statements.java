package org.animalstore.adapters.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Runs one prepared statement on a connection Micronaut Data manages. Plain JDBC keeps Micronaut Data's
 * repository runtime out of the process: only its connection and transaction management is used, so no
 * SQL dialect is fixed at compile time. A statement the database refused or could not run fails with an
 * unchecked exception whose cause is the {@link SQLException}.
 */
public final class Statements {

    private Statements() {
    }

    /** Work on one prepared statement. */
    @FunctionalInterface
    public interface StatementWork<R> {
        R on(PreparedStatement statement) throws SQLException;
    }

    public static <R> R run(Connection connection, String sql, StatementWork<R> work) {
        return runReturning(connection, sql, null, work);
    }

    /** As {@link #run}, with the values the database generates for {@code generatedColumns} (unless null) available to the work. */
    static <R> R runReturning(Connection connection, String sql, String[] generatedColumns, StatementWork<R> work) {
        try (PreparedStatement statement = generatedColumns == null ? connection.prepareStatement(sql) : connection.prepareStatement(sql, generatedColumns)) {
            return work.on(statement);
        } catch (SQLException e) {
            throw new IllegalStateException("Statement failed: " + e.getMessage(), e);
        }
    }
}
