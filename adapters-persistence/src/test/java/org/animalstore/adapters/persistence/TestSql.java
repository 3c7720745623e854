package org.animalstore.adapters.persistence;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/** Statements a test runs past the adapter, straight on the pool's connections. */
public final class TestSql {

    private final DataSource dataSource;

    public TestSql(DataSource dataSource) {
        // The injected DataSource only lends the connection of a surrounding transaction: unwrap it.
        this.dataSource = DelegatingDataSource.unwrapDataSource(dataSource);
    }

    public Connection connect() throws SQLException {
        return dataSource.getConnection();
    }

    public void execute(String... sql) {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            for (String each : sql) {
                statement.execute(each);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
