package org.animalstore.adapters.persistence;

import io.micronaut.configuration.jdbc.hikari.DatasourceConfiguration;
import io.micronaut.context.annotation.Value;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Gives the pool the selected database's driver properties unless {@code data-source-properties} set them; refuses
 * a URL no profile matches, or a replica its adapter does not read from. Timeouts in whole seconds (docs/operations.md).
 */
@Singleton
final class DriverSettings implements BeanCreatedEventListener<DatasourceConfiguration> {

    private final Optional<DatabaseProfile> profile;
    private final int socketTimeout;
    private final int connectTimeout;
    private final long replicaConnectionTimeout;

    DriverSettings(Optional<DatabaseProfile> profile, @Value("${petstore.database.socket-timeout:3}") int socketTimeout,
                   @Value("${petstore.database.connect-timeout:2}") int connectTimeout,
                   @Value("${datasources.replica.connection-timeout:250}") long replicaConnectionTimeout) {
        this.profile = profile;
        this.socketTimeout = socketTimeout;
        this.connectTimeout = connectTimeout;
        this.replicaConnectionTimeout = replicaConnectionTimeout;
    }

    @Override
    public DatasourceConfiguration onCreated(BeanCreatedEvent<DatasourceConfiguration> event) {
        DatasourceConfiguration datasource = event.getBean();
        DatabaseProfile database = profile.orElseThrow(() -> new IllegalStateException("No persistence adapter serves the JDBC URL "
                + scheme(datasource.getUrl()) + "...: set DATASOURCES_DEFAULT_URL to a database named in docs/persistence-adapters.md"));
        if ("replica".equals(datasource.getName())) {
            if (!database.servesReadReplicas()) {
                throw new IllegalStateException("DATASOURCES_REPLICA_URL is set, but read replicas are served on PostgreSQL only (docs/scaling.md)");
            }
            // A replica out of reach costs a read this long (ms) before it goes to the primary: 250 unless configured.
            datasource.setConnectionTimeout(replicaConnectionTimeout);
        }
        Properties driver = datasource.getDataSourceProperties();
        driver.putIfAbsent("socketTimeout", Long.toString(database.timeoutUnit().convert(socketTimeout, TimeUnit.SECONDS)));
        driver.putIfAbsent("connectTimeout", Long.toString(database.timeoutUnit().convert(connectTimeout, TimeUnit.SECONDS)));
        driver.putIfAbsent("tcpKeepAlive", "true");
        database.identity().forEach(driver::putIfAbsent);
        return datasource;
    }

    /** The URL up to its second colon (jdbc:vendor:), never its host, database or credentials. */
    private static String scheme(String url) {
        String[] parts = url == null ? new String[0] : url.split(":", 3);
        return parts.length < 3 ? "(none)" : parts[0] + ":" + parts[1] + ":";
    }
}
