package org.animalstore.bootstrap.support;

import io.micronaut.runtime.server.EmbeddedServer;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.animalstore.bootstrap.docs.RepositoryRoot;

/**
 * A private PostgreSQL primary (port 5442) and its streaming replica (5443), run by
 * scripts/replica/private-pair.sh, so the replica drills never touch the shared server.
 */
public final class ReplicaPair {

    public static final int PRIMARY_PORT = 5442;
    public static final int REPLICA_PORT = 5443;

    private ReplicaPair() {
    }

    /** Runs the script with one command: start, stop, stop-replica, start-replica. */
    public static void run(String command) {
        try {
            Process script = new ProcessBuilder(RepositoryRoot.find().resolve("scripts/replica/private-pair.sh").toString(), command)
                    .redirectErrorStream(true).start();
            String output = new String(script.getInputStream().readAllBytes());
            if (script.waitFor() != 0) {
                throw new IllegalStateException("private-pair.sh " + command + " failed: " + output);
            }
        } catch (IOException e) {
            throw new IllegalStateException("private-pair.sh " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A service instance whose primary is the pair's primary and whose read replica is its replica, in a schema of its own. */
    public static EmbeddedServer instance(String schema, Map<String, Object> settings) {
        Map<String, Object> properties = new HashMap<>(settings);
        properties.put("animalstore.test-schema", schema);
        properties.put("datasources.default.url", url(PRIMARY_PORT, schema));
        properties.put("datasources.replica.url", url(REPLICA_PORT, schema));
        properties.put("datasources.replica.username", "postgres");
        properties.put("datasources.replica.password", "");
        properties.put("datasources.replica.maximum-pool-size", 4);
        properties.put("datasources.replica.minimum-idle", 1);
        return ServiceContexts.server(properties, "test");
    }

    /** Runs one statement on the primary or the replica and returns the first column of its first row, if any. */
    public static String query(int port, String sql) {
        try (Connection connection = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/test", "postgres", "");
             Statement statement = connection.createStatement()) {
            if (!statement.execute(sql)) {
                return null;
            }
            try (ResultSet rows = statement.getResultSet()) {
                return rows.next() ? rows.getString(1) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    private static String url(int port, String schema) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/test?currentSchema=" + schema;
    }
}
