package org.animalstore.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import jakarta.inject.Inject;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * When a start may leave Flyway out: only when the history holds exactly the migrations Flyway would find,
 * so a check of ours can never skip what Flyway would apply or refuse. Each test migrates a schema of its own
 * (a database on MariaDB). Run once per database by a subclass in its package.
 */
public abstract class SqlUpToDateSchemaTest {

    private static final String SCHEMA = "animalstore_up_to_date_test";

    @Inject
    protected DataSource pool;

    @Inject
    protected DatabaseProfile database;

    private TestSql sql;
    private FluentConfiguration flyway;

    @BeforeEach
    protected void a_schema_of_its_own() throws Exception {
        sql = new TestSql(pool);
        try (var connection = sql.connect()) {
            boolean postgres = "PostgreSQL".equals(connection.getMetaData().getDatabaseProductName());
            sql.execute("DROP SCHEMA IF EXISTS " + SCHEMA + (postgres ? " CASCADE" : ""));
        }
        flyway = Flyway.configure().dataSource(DelegatingDataSource.unwrapDataSource(pool))
                .locations(database.migrationLocation()).schemas(SCHEMA).defaultSchema(SCHEMA);
    }

    @Test
    void a_schema_flyway_has_just_migrated_is_up_to_date() {
        flyway.load().migrate();

        assertThat(UpToDateSchema.isUpToDate(pool, flyway)).as("checksums computed as Flyway's").isTrue();
    }

    @Test
    void a_schema_without_history_is_left_to_flyway() {
        assertThat(UpToDateSchema.isUpToDate(pool, flyway)).isFalse();
    }

    @Test
    void a_pending_migration_is_left_to_flyway() {
        flyway.target("2").load().migrate();

        assertThat(UpToDateSchema.isUpToDate(pool, flyway.target("latest"))).isFalse();
    }

    @Test
    void a_migration_changed_after_it_was_applied_is_left_to_flyway() {
        flyway.load().migrate();

        sql.execute("UPDATE " + SCHEMA + ".flyway_schema_history SET checksum = checksum + 1 WHERE version = '2'");

        assertThat(UpToDateSchema.isUpToDate(pool, flyway)).isFalse();
    }

    @Test
    void a_failed_migration_is_left_to_flyway() {
        flyway.load().migrate();

        sql.execute("UPDATE " + SCHEMA + ".flyway_schema_history SET success = false WHERE version = '3'");

        assertThat(UpToDateSchema.isUpToDate(pool, flyway)).isFalse();
    }

    @Test
    void a_migration_unknown_to_this_build_is_left_to_flyway() {
        flyway.load().migrate();

        sql.execute("INSERT INTO " + SCHEMA + ".flyway_schema_history (installed_rank, version, description, type, script,"
                + " checksum, installed_by, execution_time, success) VALUES (99, '99', 'later', 'SQL', 'V99__later.sql', 1,"
                + " 'postgres', 1, true)");

        assertThat(UpToDateSchema.isUpToDate(pool, flyway)).isFalse();
    }

    @Test
    void a_location_holding_more_than_versioned_scripts_is_left_to_flyway() {
        flyway.load().migrate();

        assertThat(UpToDateSchema.isUpToDate(pool, flyway.locations(database.migrationLocation(), "classpath:db/unknown")))
                .as("no such location: nothing found there, as Flyway would find nothing").isTrue();
        assertThat(UpToDateSchema.isUpToDate(pool, flyway.locations("classpath:db/migration")))
                .as("the parent of every database's scripts: subdirectories only Flyway reads").isFalse();
    }
}
