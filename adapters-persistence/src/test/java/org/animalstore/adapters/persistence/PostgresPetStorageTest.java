package org.animalstore.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.animalstore.domain.port.out.PetStorageContract;
import org.junit.jupiter.api.Test;

/** The storage contract on a real PostgreSQL server, with the schema Flyway builds. */
@MicronautTest(transactional = false)
class PostgresPetStorageTest extends PetStorageContract<PetPersistenceAdapter> {

    @Inject
    PetPersistenceAdapter adapter;

    @Inject
    DataSource dataSource;

    @Override
    protected PetPersistenceAdapter storage() {
        return adapter;
    }

    @Override
    protected void emptyTheCatalogue() {
        execute("TRUNCATE pet CASCADE");
    }

    @Test
    void database_rejects_a_status_outside_the_enumeration() {
        assertThatThrownBy(() -> execute("INSERT INTO pet (name, category_id, status) VALUES ('Rex', 1, 'lost')"))
                .hasMessageContaining("pet_status_known");
    }

    @Test
    void database_rejects_a_blank_name_and_a_non_positive_category() {
        assertThatThrownBy(() -> execute("INSERT INTO pet (name, category_id) VALUES ('', 1)"))
                .hasMessageContaining("pet_name_length");
        assertThatThrownBy(() -> execute("INSERT INTO pet (name, category_id) VALUES ('Rex', 0)"))
                .hasMessageContaining("pet_category_id_positive");
    }

    private void execute(String sql) {
        // The injected DataSource only lends the connection of a surrounding transaction: unwrap it.
        try (Connection connection = DelegatingDataSource.unwrapDataSource(dataSource).getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
