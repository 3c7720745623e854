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
public record CatalogueSql(List<String> empty, String insertPetsTemplate, String lockPets, String waitingPetInserts,
                           String unlockPets) {

    private static final CatalogueSql POSTGRESQL = new CatalogueSql(
            // CASCADE: idempotency keys refer to pets, and go with them.
            List.of("TRUNCATE pet CASCADE"),
            "INSERT INTO pet (name, category_id, status) SELECT 'Pet ' || g, g, (ARRAY['available', 'pending', 'sold'])[1 + g % 3] "
                    + "FROM generate_series(1, :count) g ORDER BY g RETURNING id",
            "LOCK TABLE pet IN EXCLUSIVE MODE",
            "SELECT count(*) FROM pg_locks WHERE relation = 'pet'::regclass AND NOT granted",
            // The lock ends with the hold's transaction.
            null);

    private static final CatalogueSql MARIADB = new CatalogueSql(
            List.of("DELETE FROM idempotency_key", "DELETE FROM pet"),
            // seq_1_to_N: MariaDB's Sequence engine. ELT is 1-based, as the PostgreSQL array is.
            "INSERT INTO pet (name, category_id, status) SELECT CONCAT('Pet ', seq), seq, ELT(1 + seq % 3, 'available', 'pending', 'sold') "
                    + "FROM seq_1_to_:count ORDER BY seq RETURNING id",
            // On a connection of its own, not the pool's: a pooled connection would keep the table lock.
            "LOCK TABLES pet WRITE",
            "SELECT count(*) FROM information_schema.PROCESSLIST WHERE STATE LIKE 'Waiting for table%' AND DB = DATABASE()",
            "UNLOCK TABLES");

    /** The dialect of the database behind {@code dataSource}. */
    public static CatalogueSql of(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection()) {
            String product = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
            return product.contains("postgres") ? POSTGRESQL : MARIADB;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether the hold takes a connection of its own (MariaDB), not one of the pool's (PostgreSQL). */
    public boolean holdsOnItsOwnConnection() {
        return unlockPets != null;
    }

    public String insertPets(int count) {
        return insertPetsTemplate.replace(":count", Integer.toString(count));
    }
}
