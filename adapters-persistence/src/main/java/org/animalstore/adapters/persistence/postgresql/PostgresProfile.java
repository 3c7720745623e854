package org.animalstore.adapters.persistence.postgresql;

import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.animalstore.adapters.persistence.DatabaseProfile;

/** PostgreSQL, selected by a {@code jdbc:postgresql:} URL. */
@Factory
@Requires(property = DatabaseProfile.URL_PROPERTY, pattern = PostgresProfile.URL_PATTERN)
final class PostgresProfile {

    static final String URL_PATTERN = "jdbc:postgresql:.*";

    @Singleton
    DatabaseProfile profile() {
        return new DatabaseProfile("postgresql", TimeUnit.SECONDS, true, Map.of("ApplicationName", "animal-store"));
    }
}
