package org.animalstore.adapters.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one prepared statement, parameters bound in order: plain JDBC, so no repository fixes a dialect at compile
 * time. A failure is unchecked, its cause the {@link SQLException}.
 */
public final class Statements {

    private Statements() {
    }

    /** A step that may fail with an SQLException: reading a row, running a statement. */
    public interface Sql<T, R> {
        R apply(T input) throws SQLException;
    }

    /** The rows the query returns, each as {@code row} reads it from the current row. */
    public static <R> List<R> query(Connection connection, String sql, Sql<ResultSet, R> row, Object... parameters) {
        return run(connection, sql, parameters, statement -> {
            try (ResultSet rows = statement.executeQuery()) {
                List<R> results = new ArrayList<>();
                while (rows.next()) {
                    results.add(row.apply(rows));
                }
                return results;
            }
        });
    }

    /** The number of rows the statement changed. */
    public static int update(Connection connection, String sql, Object... parameters) {
        return run(connection, sql, parameters, PreparedStatement::executeUpdate);
    }

    /** Runs the statement once for each row of parameters, in one batch: the counts of changed rows the driver reports. */
    public static int[] batch(Connection connection, String sql, List<Object[]> rows) {
        return run(connection, sql, new Object[0], statement -> {
            for (Object[] row : rows) {
                bind(statement, row);
                statement.addBatch();
            }
            return statement.executeBatch();
        });
    }

    private static <R> R run(Connection connection, String sql, Object[] parameters, Sql<PreparedStatement, R> work) {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, parameters);
            return work.apply(statement);
        } catch (SQLException e) {
            throw new IllegalStateException("Statement failed: " + e.getMessage(), e);
        }
    }

    private static void bind(PreparedStatement statement, Object[] parameters) throws SQLException {
        for (int i = 0; i < parameters.length; i++) {
            statement.setObject(i + 1, parameters[i]);
        }
    }
}
