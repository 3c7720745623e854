package org.animalstore.adapters.persistence;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.flyway.FlywayConfigurationProperties;
import jakarta.inject.Singleton;
import java.util.Arrays;
import java.util.Optional;
import org.flywaydb.core.api.Location;

/** Points Flyway at the selected database's migrations, unless configuration names other locations. */
@Singleton
final class MigrationLocation implements BeanCreatedEventListener<FlywayConfigurationProperties> {

    private static final Location[] FLYWAY_DEFAULT = {new Location("db/migration")};

    private final Optional<DatabaseProfile> profile;

    MigrationLocation(Optional<DatabaseProfile> profile) {
        this.profile = profile;
    }

    @Override
    public FlywayConfigurationProperties onCreated(BeanCreatedEvent<FlywayConfigurationProperties> event) {
        FlywayConfigurationProperties flyway = event.getBean();
        if (Arrays.equals(flyway.getFluentConfiguration().getLocations(), FLYWAY_DEFAULT)) {
            profile.ifPresent(database -> flyway.getFluentConfiguration().locations("classpath:db/migration/" + database.name()));
        }
        return flyway;
    }
}
