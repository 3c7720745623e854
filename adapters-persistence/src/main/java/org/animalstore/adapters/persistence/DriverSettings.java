package org.animalstore.adapters.persistence;

import io.micronaut.configuration.jdbc.hikari.DatasourceConfiguration;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.Properties;

/**
 * Gives the connection pool the selected database's driver properties (driver properties differ by name
 * and unit: PostgreSQL counts seconds, MariaDB milliseconds). A property set in configuration
 * ({@code datasources.default.data-source-properties.*}) is left as it is.
 */
@Singleton
final class DriverSettings implements BeanCreatedEventListener<DatasourceConfiguration> {

    private final Optional<DatabaseProfile> profile;
    private final DatabaseTimeouts timeouts;

    DriverSettings(Optional<DatabaseProfile> profile, DatabaseTimeouts timeouts) {
        this.profile = profile;
        this.timeouts = timeouts;
    }

    @Override
    public DatasourceConfiguration onCreated(BeanCreatedEvent<DatasourceConfiguration> event) {
        DatasourceConfiguration datasource = event.getBean();
        Properties configured = datasource.getDataSourceProperties();
        profile.ifPresent(database -> database.driverProperties(timeouts).forEach(configured::putIfAbsent));
        return datasource;
    }
}
