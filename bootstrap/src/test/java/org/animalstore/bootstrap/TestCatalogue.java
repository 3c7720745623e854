package org.animalstore.bootstrap;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/** Direct access to the test schema, to start tests from an empty catalogue and count what was stored. */
final class TestCatalogue {

    private final DataSource dataSource;

    TestCatalogue(DataSource dataSource) {
        this.dataSource = DelegatingDataSource.unwrapDataSource(dataSource);
    }

    void empty() {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            // CASCADE: idempotency keys refer to pets, and go with them.
            statement.execute("TRUNCATE pet CASCADE");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    long count() {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
             var rows = statement.executeQuery("SELECT count(*) FROM pet")) {
            rows.next();
            return rows.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
