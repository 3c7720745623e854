package org.animalstore.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.inject.Inject;
import javax.sql.DataSource;
import org.animalstore.domain.port.out.PetStorageContract;
import org.junit.jupiter.api.Test;

/**
 * The storage contract on a real database with the schema Flyway builds, and the schema's own guards
 * against other writers. Each database's subclass names its environment; the SQL here is common to all.
 */
public abstract class SqlPetStorageTest extends PetStorageContract<PetPersistenceAdapter> {

    @Inject
    protected PetPersistenceAdapter adapter;

    @Inject
    protected DataSource dataSource;

    @Override
    protected PetPersistenceAdapter storage() {
        return adapter;
    }

    @Override
    protected void emptyTheCatalogue() {
        // Not TRUNCATE: MariaDB refuses it on a table a foreign key refers to.
        new TestSql(dataSource).execute("DELETE FROM idempotency_key", "DELETE FROM pet");
    }

    @Test
    void database_rejects_a_status_outside_the_enumeration() {
        assertThatThrownBy(() -> new TestSql(dataSource).execute("INSERT INTO pet (name, category_id, status) VALUES ('Rex', 1, 'lost')"))
                .hasMessageContaining("pet_status_known");
    }

    @Test
    void database_rejects_a_blank_name_and_a_non_positive_category() {
        assertThatThrownBy(() -> new TestSql(dataSource).execute("INSERT INTO pet (name, category_id) VALUES ('', 1)"))
                .hasMessageContaining("pet_name_length");
        assertThatThrownBy(() -> new TestSql(dataSource).execute("INSERT INTO pet (name, category_id) VALUES ('Rex', 0)"))
                .hasMessageContaining("pet_category_id_positive");
    }
}
