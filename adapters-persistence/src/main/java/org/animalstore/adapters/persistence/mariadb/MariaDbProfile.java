package org.animalstore.adapters.persistence.mariadb;

import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.animalstore.adapters.persistence.DatabaseProfile;

/** MariaDB, selected by a {@code jdbc:mariadb:} URL. */
@Factory
@Requires(property = DatabaseProfile.URL_PROPERTY, pattern = MariaDbProfile.URL_PATTERN)
final class MariaDbProfile {

    static final String URL_PATTERN = "jdbc:mariadb:.*";

    @Singleton
    DatabaseProfile profile() {
        return new DatabaseProfile("mariadb", TimeUnit.MILLISECONDS, false, Map.of("connectionAttributes", "program_name:animal-store"));
    }
}
