package org.animalstore.adapters.persistence;

import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What sets one supported database apart. Each database's package makes one the bean, conditioned on its pattern
 * for {@value #URL_PROPERTY}, so the JDBC URL alone selects the database and its beans.
 *
 * @param name               its migrations' folder, {@code classpath:db/migration/<name>}
 * @param timeoutUnit        the unit of the driver's {@code socketTimeout} and {@code connectTimeout}
 * @param servesReadReplicas whether its adapter reads from a replica named by {@code datasources.replica.*}
 * @param identity           the driver's properties that name the service to the server
 */
public record DatabaseProfile(String name, TimeUnit timeoutUnit, boolean servesReadReplicas, Map<String, String> identity) {

    /** The setting every database-specific bean is conditioned on (environment variable DATASOURCES_DEFAULT_URL). */
    public static final String URL_PROPERTY = "datasources.default.url";
}
