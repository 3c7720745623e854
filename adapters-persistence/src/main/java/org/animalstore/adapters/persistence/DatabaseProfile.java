package org.animalstore.adapters.persistence;

import java.util.Map;

/**
 * What sets one supported database apart, for the wiring shared by all of them. Exactly one profile
 * is a bean: the one whose {@code @Requires} pattern matches {@value #URL_PROPERTY}, so the JDBC URL
 * alone selects the database, its migrations, its driver settings and its idempotency adapter.
 */
public interface DatabaseProfile {

    /** The setting every database-specific bean is conditioned on (environment variable DATASOURCES_DEFAULT_URL). */
    String URL_PROPERTY = "datasources.default.url";

    /** Where this database's Flyway migrations are, such as {@code classpath:db/migration/postgresql}. */
    String migrationLocation();

    /**
     * The driver's own connection properties that apply the timeouts (whole seconds, 0 for none) and identify
     * the service. {@code socketTimeout}: a statement with no answer for this long fails (503) instead of hanging
     * on a dead connection; {@code connectTimeout}: opening a TCP connection to the database.
     */
    Map<String, String> driverProperties(int socketTimeout, int connectTimeout);

    /**
     * The keyset query for one status ({@code status = ?, id > ?, LIMIT ?}, columns {@value PetPersistenceAdapter#COLUMNS}).
     * The portable one unless this database's planner needs telling which index serves it.
     */
    default String listWithStatusAfter() {
        return PetPersistenceAdapter.LIST_WITH_STATUS_AFTER;
    }

    /** Whether this adapter reads from a replica named by {@code datasources.replica.*} (docs/scaling.md). */
    default boolean servesReadReplicas() {
        return false;
    }
}
