package org.animalstore.bootstrap.resilience;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.spi.ILoggingEvent;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.LogCapture;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.animalstore.bootstrap.support.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * Schema migration at startup, by Flyway: safe for instances starting together, possible to switch off, nothing
 * applied to an up-to-date schema, a changed migration refused and a pending one applied.
 */
class MigrationStartupIT {

    /** Flyway says "Schema … is up to date. No migration necessary." at INFO. */
    private static final String[] FLYWAY_LOGGERS = {"org.flywaydb"};

    /** Threads of their own: the common pool may have a single worker on a small machine. */
    private static final Executor THREADS = task -> Thread.ofPlatform().daemon().start(task);

    @Test
    void two_instances_starting_at_once_on_an_empty_database_both_come_up_and_migrate_once() throws Exception {
        String schema = TestDatabase.freshSchema("twins");
        CyclicBarrier together = new CyclicBarrier(2);

        CompletableFuture<EmbeddedServer> first = CompletableFuture.supplyAsync(() -> startTogether(together, schema), THREADS);
        CompletableFuture<EmbeddedServer> second = CompletableFuture.supplyAsync(() -> startTogether(together, schema), THREADS);

        try (EmbeddedServer one = first.get(60, TimeUnit.SECONDS); EmbeddedServer two = second.get(60, TimeUnit.SECONDS)) {
            ApiClient apiOne = new ApiClient(one.getURI(), one.getApplicationContext().getBean(JsonMapper.class));
            ApiClient apiTwo = new ApiClient(two.getURI(), two.getApplicationContext().getBean(JsonMapper.class));
            ApiClient.Response added = apiOne.postJson("/v1/pets", "{\"name\":\"Rex\",\"categoryId\":1,\"status\":\"available\"}");
            assertThat(added.status()).isEqualTo(201);
            ApiClient.Response fetched = apiTwo.get("/v1/pets/" + added.json().get("id").getLongValue());
            assertThat(fetched.status()).isEqualTo(200);
            assertThat(fetched.text()).as("the pet the other instance added").isEqualTo(added.text());
        }
        // Each migration applied exactly once, successfully, whichever instance ran it.
        List<String> applied = query("SELECT version || ':' || success FROM " + schema + ".flyway_schema_history WHERE version IS NOT NULL ORDER BY installed_rank");
        assertThat(applied).isNotEmpty().doesNotHaveDuplicates().allMatch(row -> row.endsWith(":true"));
        assertThat(applied).startsWith("1:true");
        assertThat(query("SELECT count(DISTINCT version) FROM " + schema + ".flyway_schema_history WHERE version IS NOT NULL"))
                .containsExactly(Integer.toString(applied.size()));
    }

    @Test
    void with_migrations_switched_off_the_service_starts_and_leaves_the_schema_alone() throws Exception {
        String schema = TestDatabase.freshSchema("unmigrated");
        TestDatabase.execute("CREATE SCHEMA " + schema);
        Map<String, Object> properties = TestDatabase.serviceOn(TestDatabase.POSTGRES_PORT, schema);
        properties.put("flyway.datasources.default.enabled", false);

        try (ApplicationContext context = ServiceContexts.context(properties, "test")) {
            assertThat(context.isRunning()).isTrue();
        }

        assertThat(query("SELECT table_name FROM information_schema.tables WHERE table_schema = '" + schema + "'")).isEmpty();
    }

    @Test
    void a_start_on_an_up_to_date_schema_applies_nothing_and_serves() throws Exception {
        String schema = TestDatabase.freshSchema("current");
        startAndStop(schema);
        List<String> history = query("SELECT installed_rank FROM " + schema + ".flyway_schema_history ORDER BY installed_rank");

        try (LogCapture logs = new LogCapture(FLYWAY_LOGGERS);
             EmbeddedServer server = ServiceContexts.server(withoutManagementPort(schema), "test")) {
            assertThat(logs.events()).extracting(ILoggingEvent::getFormattedMessage).as("Flyway's validation of this start")
                    .anyMatch(line -> line.contains("is up to date. No migration necessary."));
            ApiClient api = new ApiClient(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class));
            assertThat(api.postJson("/v1/pets", "{\"name\":\"Rex\",\"categoryId\":1}").status()).isEqualTo(201);
        }
        assertThat(query("SELECT installed_rank FROM " + schema + ".flyway_schema_history ORDER BY installed_rank"))
                .as("nothing applied").isEqualTo(history);
    }

    @Test
    void a_migration_changed_after_it_was_applied_still_stops_the_start() {
        String schema = TestDatabase.freshSchema("changed");
        startAndStop(schema);
        TestDatabase.execute("UPDATE " + schema + ".flyway_schema_history SET checksum = checksum + 1 WHERE version = '1'");

        assertThatThrownBy(() -> startAndStop(schema)).as("Flyway's own validation, as without the shortcut")
                .hasStackTraceContaining("checksum mismatch");
    }

    @Test
    void a_pending_migration_is_applied_at_start() throws Exception {
        String schema = TestDatabase.freshSchema("pending");
        startAndStop(schema);
        TestDatabase.execute("DROP TABLE " + schema + ".request_count");
        TestDatabase.execute("DELETE FROM " + schema + ".flyway_schema_history WHERE version = '3'");

        startAndStop(schema);

        assertThat(query("SELECT count(*) FROM information_schema.tables WHERE table_schema = '" + schema
                + "' AND table_name = 'request_count'")).containsExactly("1");
    }

    private static void startAndStop(String schema) {
        try (EmbeddedServer server = ServiceContexts.server(withoutManagementPort(schema), "test")) {
            assertThat(server.isRunning()).isTrue();
        }
    }

    private static Map<String, Object> withoutManagementPort(String schema) {
        Map<String, Object> properties = TestDatabase.serviceOn(TestDatabase.POSTGRES_PORT, schema);
        properties.put("endpoints.all.port", -1);
        return properties;
    }

    private static EmbeddedServer startTogether(CyclicBarrier together, String schema) {
        Map<String, Object> properties = TestDatabase.serviceOn(TestDatabase.POSTGRES_PORT, schema);
        properties.put("endpoints.all.port", -1);
        try {
            together.await(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return ServiceContexts.server(properties, "test");
    }

    private static List<String> query(String sql) throws Exception {
        try (Connection connection = TestDatabase.connect(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql)) {
            List<String> values = new java.util.ArrayList<>();
            while (rows.next()) {
                values.add(rows.getString(1));
            }
            return values;
        }
    }
}
