package org.animalstore.adapters.persistence;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.naming.NameResolver;
import io.micronaut.core.order.Ordered;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.flyway.FlywayConfigurationProperties;
import io.micronaut.inject.qualifiers.Qualifiers;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.animalstore.adapters.persistence.MigrationScripts.Script;
import org.flywaydb.core.api.Location;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Spares a start Flyway's run when the schema history already holds exactly this build's migrations, each
 * applied successfully with the same script and checksum: Flyway would then only validate and change
 * nothing, yet loading and configuring it is about a seventh of a start (docs/performance.md, "Startup").
 * Anything else (a pending, failed, changed or unknown migration, no history, a setting this check does
 * not read) leaves the run to Flyway, which migrates or refuses to start as ever (ADR 0050).
 */
@Singleton
final class UpToDateSchema implements BeanCreatedEventListener<DataSource>, Ordered {

    private static final Logger LOG = LoggerFactory.getLogger(UpToDateSchema.class);

    private final ApplicationContext context;

    UpToDateSchema(ApplicationContext context) {
        this.context = context;
    }

    /** Before micronaut-flyway's runner, which listens for the same event at the default order. */
    @Override
    public int getOrder() {
        return HIGHEST_PRECEDENCE;
    }

    @Override
    public DataSource onCreated(BeanCreatedEvent<DataSource> event) {
        DataSource dataSource = event.getBean();
        Optional<String> name = event.getBeanDefinition() instanceof NameResolver named ? named.resolveName() : Optional.empty();
        name.flatMap(n -> context.findBean(FlywayConfigurationProperties.class, Qualifiers.byName(n)))
                .filter(FlywayConfigurationProperties::isEnabled)
                .filter(flyway -> !flyway.isCleanSchema() && !flyway.isAsync() && !flyway.hasAlternativeDatabaseConfiguration()
                        && (flyway.getProperties() == null || flyway.getProperties().isEmpty()))
                .filter(flyway -> isUpToDate(dataSource, flyway.getFluentConfiguration()))
                .ifPresent(flyway -> {
                    flyway.setEnabled(false);
                    LOG.info("Schema is up to date with this build's migrations: Flyway's run skipped");
                });
        return dataSource;
    }

    /** Whether Flyway, configured so, would find nothing to apply and nothing to refuse. */
    static boolean isUpToDate(DataSource dataSource, FluentConfiguration flyway) {
        if (flyway.getCallbacks().length > 0 || flyway.getResolvers().length > 0 || flyway.getJavaMigrations().length > 0
                || flyway.getSqlMigrationSuffixes().length != 1) {
            return false;
        }
        try {
            // The history first: a first start, which has none, lists no scripts.
            List<Script> applied = applied(dataSource, flyway);
            if (applied.isEmpty()) {
                return false;
            }
            List<Script> local = new ArrayList<>();
            for (Location location : flyway.getLocations()) {
                if (!location.isClassPath()) {
                    return false;
                }
                Optional<List<Script>> scripts = MigrationScripts.at(location.getRootPath(), flyway.getSqlMigrationPrefix(),
                        flyway.getSqlMigrationSeparator(), flyway.getSqlMigrationSuffixes()[0], flyway.getEncoding());
                if (scripts.isEmpty()) {
                    return false;
                }
                local.addAll(scripts.get());
            }
            return applied.size() == local.size() && new HashSet<>(applied).equals(new HashSet<>(local));
        } catch (IOException | SQLException | RuntimeException e) {
            LOG.debug("Schema history not read, Flyway will check it: {}", e.toString());
            return false;
        }
    }

    /** The history's successful SQL migrations; one unlike those (failed, baseline, repeatable…) fails the check. */
    private static List<Script> applied(DataSource dataSource, FluentConfiguration flyway) throws SQLException {
        // Micronaut Data's wrapper lends only a surrounding transaction's connection: read past it.
        DataSource pool = DelegatingDataSource.unwrapDataSource(dataSource);
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            String quote = connection.getMetaData().getIdentifierQuoteString();
            String schema = flyway.getDefaultSchema() != null ? flyway.getDefaultSchema()
                    : flyway.getSchemas().length > 0 ? flyway.getSchemas()[0]
                    : connection.getSchema() != null ? connection.getSchema() : connection.getCatalog();
            if (!exists(connection, schema, flyway.getTable())) {
                return List.of(); // a first start: Flyway creates the history (asking first keeps a driver's warning out of the log)
            }
            String table = quote + schema + quote + "." + quote + flyway.getTable() + quote;
            List<Script> applied = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery("SELECT version, script, checksum, type, success FROM " + table)) {
                while (rows.next()) {
                    String type = rows.getString(4);
                    if ("SCHEMA".equals(type)) {
                        continue; // Flyway's note that it created the schema: no migration
                    }
                    Integer checksum = rows.getObject(3, Integer.class);
                    if (!"SQL".equals(type) || !rows.getBoolean(5) || checksum == null || rows.getString(1) == null) {
                        throw new SQLException("a history row that only Flyway can judge: " + type);
                    }
                    applied.add(new Script(rows.getString(1), rows.getString(2), checksum));
                }
            }
            return applied;
        }
    }

    private static boolean exists(Connection connection, String schema, String table) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT 1 FROM information_schema.tables WHERE table_schema = ? AND table_name = ?")) {
            query.setString(1, schema);
            query.setString(2, table);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next();
            }
        }
    }
}
