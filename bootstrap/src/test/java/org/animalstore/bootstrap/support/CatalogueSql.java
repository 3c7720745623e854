package org.animalstore.bootstrap.support;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * The few statements the tests run below the service's ports, in the dialect of the database the
 * service was started on (the same JDBC URL that chose its persistence adapter).
 */
public record CatalogueSql(List<String> empty, String insertPetsTemplate, String lockPets, String waitingPetInserts) {

    private static final CatalogueSql POSTGRESQL = new CatalogueSql(
            // CASCADE: idempotency keys refer to pets, and go with them.
            List.of("TRUNCATE pet CASCADE"),
            "INSERT INTO pet (name, category_id, status) SELECT 'Pet ' || g, g, (ARRAY['available', 'pending', 'sold'])[1 + g % 3] "
                    + "FROM generate_series(1, :count) g ORDER BY g RETURNING id",
            "LOCK TABLE pet IN EXCLUSIVE MODE",
            "SELECT count(*) FROM pg_locks WHERE relation = 'pet'::regclass AND NOT granted");

    private static final CatalogueSql MARIADB = new CatalogueSql(
            List.of("DELETE FROM idempotency_key", "DELETE FROM pet"),
            // seq_1_to_N: MariaDB's Sequence engine. ELT is 1-based, as the PostgreSQL array is.
            "INSERT INTO pet (name, category_id, status) SELECT CONCAT('Pet ', seq), seq, ELT(1 + seq % 3, 'available', 'pending', 'sold') "
                    + "FROM seq_1_to_:count ORDER BY seq RETURNING id",
            // No hold on MariaDB yet: LOCK TABLES also locks the tables pet's foreign keys touch (and a pooled
            // connection keeps such locks), and a next-key lock did not stop the service's insert in this test.
            null,
            null);

    /** The dialect of the database behind {@code dataSource}. */
    public static CatalogueSql of(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection()) {
            String product = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
            return product.contains("postgres") ? POSTGRESQL : MARIADB;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether {@link TestCatalogue#holdPetInserts()} works on this database. */
    public boolean canHoldPetInserts() {
        return lockPets != null;
    }

    public String insertPets(int count) {
        return insertPetsTemplate.replace(":count", Integer.toString(count));
    }
}
