package org.animalstore.adapters.persistence.postgresql;

import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.Map;
import org.animalstore.adapters.persistence.DatabaseProfile;

/** PostgreSQL, selected by a {@code jdbc:postgresql:} URL. */
@Singleton
@Requires(property = DatabaseProfile.URL_PROPERTY, pattern = PostgresProfile.URL_PATTERN)
final class PostgresProfile implements DatabaseProfile {

    static final String URL_PATTERN = "jdbc:postgresql:.*";

    @Override
    public String migrationLocation() {
        return "classpath:db/migration/postgresql";
    }

    @Override
    public boolean servesReadReplicas() {
        return true;
    }

    @Override
    public Map<String, String> driverProperties(int socketTimeout, int connectTimeout) {
        // pgjdbc counts both timeouts in seconds.
        return Map.of("socketTimeout", Integer.toString(socketTimeout),
                "connectTimeout", Integer.toString(connectTimeout),
                "tcpKeepAlive", "true",
                "ApplicationName", "animal-store");
    }
}
