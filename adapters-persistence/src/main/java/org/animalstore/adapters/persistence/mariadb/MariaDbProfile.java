package org.animalstore.adapters.persistence.mariadb;

import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.Map;
import org.animalstore.adapters.persistence.DatabaseProfile;

/** MariaDB, selected by a {@code jdbc:mariadb:} URL. */
@Singleton
@Requires(property = DatabaseProfile.URL_PROPERTY, pattern = MariaDbProfile.URL_PATTERN)
final class MariaDbProfile implements DatabaseProfile {

    static final String URL_PATTERN = "jdbc:mariadb:.*";

    @Override
    public String migrationLocation() {
        return "classpath:db/migration/mariadb";
    }

    @Override
    public Map<String, String> driverProperties(int socketTimeout, int connectTimeout) {
        // MariaDB Connector/J counts both timeouts in milliseconds.
        return Map.of("socketTimeout", Integer.toString(socketTimeout * 1000),
                "connectTimeout", Integer.toString(connectTimeout * 1000),
                "tcpKeepAlive", "true",
                "connectionAttributes", "program_name:animal-store");
    }
}
