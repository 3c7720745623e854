package org.animalstore.adapters.persistence;

import java.util.Map;

/**
 * What sets one supported database apart. Exactly one profile is a bean: the one whose {@code @Requires} pattern
 * matches {@value #URL_PROPERTY}, so the JDBC URL alone selects the database and its beans.
 */
public interface DatabaseProfile {

    /** The setting every database-specific bean is conditioned on (environment variable DATASOURCES_DEFAULT_URL). */
    String URL_PROPERTY = "datasources.default.url";

    /** Where this database's Flyway migrations are, such as {@code classpath:db/migration/postgresql}. */
    String migrationLocation();

    /** The driver's connection properties for these timeouts (whole seconds, 0 for none) and the service's name. */
    Map<String, String> driverProperties(int socketTimeout, int connectTimeout);

    /** Whether this adapter reads from a replica named by {@code datasources.replica.*} (docs/scaling.md). */
    default boolean servesReadReplicas() {
        return false;
    }
}
