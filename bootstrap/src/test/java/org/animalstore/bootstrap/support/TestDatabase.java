package org.animalstore.bootstrap.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The real PostgreSQL the tests use (database {@code test}), and the settings that start a service
 * on it. Schemas are named after {@code ANIMALSTORE_TEST_SCHEMA}, so parallel checkouts never meet.
 */
public final class TestDatabase {

    public static final int POSTGRES_PORT = 5432;

    private TestDatabase() {
    }

    /** The schema of the end-to-end tests (as in application-test.yml). */
    public static String schema() {
        String configured = System.getenv("ANIMALSTORE_TEST_SCHEMA");
        return configured == null || configured.isBlank() ? "animalstore_e2e" : configured;
    }

    /** A schema of this test run's own, dropped first so it starts empty. */
    public static String freshSchema(String suffix) {
        String schema = schema() + "_" + suffix;
        execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        return schema;
    }

    public static Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + POSTGRES_PORT + "/test", "postgres", "");
    }

    public static void execute(String sql) {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** Service settings for this schema of the test database, reached on {@code port} (PostgreSQL's, or a relay's). */
    public static Map<String, Object> serviceOn(int port, String schema) {
        Map<String, Object> properties = new HashMap<>();
        properties.put("datasources.default.url", "jdbc:postgresql://127.0.0.1:" + port + "/test?currentSchema=" + schema);
        properties.put("flyway.datasources.default.default-schema", schema);
        properties.put("flyway.datasources.default.schemas", schema);
        return properties;
    }

    /** A loopback port free at the time of asking, for a listener that must be named in advance. */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits until a statement of the service named {@code applicationName} (its ApplicationName) waits on a lock. */
    public static void awaitWaitingOnLock(Statement statement, String applicationName) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            try (ResultSet rows = statement.executeQuery("SELECT count(*) FROM pg_stat_activity "
                    + "WHERE wait_event_type = 'Lock' AND application_name = '" + applicationName + "'")) {
                rows.next();
                if (rows.getInt(1) > 0) {
                    return;
                }
            }
            Thread.sleep(50);
        }
        try (ResultSet rows = statement.executeQuery("SELECT string_agg(application_name || ' ' || coalesce(wait_event_type, '-') || ' ' || query, ' | ') "
                + "FROM pg_stat_activity WHERE datname = 'test'")) {
            rows.next();
            throw new AssertionError("no statement of " + applicationName + " ever waited on a lock: " + rows.getString(1));
        }
    }
}
