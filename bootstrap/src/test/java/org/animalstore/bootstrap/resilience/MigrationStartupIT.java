package org.animalstore.bootstrap.resilience;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.animalstore.bootstrap.support.TestDatabase;
import org.junit.jupiter.api.Test;

/** Schema migration at startup: safe for instances starting together, and possible to switch off. */
class MigrationStartupIT {

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

        try (ApplicationContext context = ApplicationContext.run(properties, "test")) {
            assertThat(context.isRunning()).isTrue();
        }

        assertThat(query("SELECT table_name FROM information_schema.tables WHERE table_schema = '" + schema + "'")).isEmpty();
    }

    private static EmbeddedServer startTogether(CyclicBarrier together, String schema) {
        Map<String, Object> properties = TestDatabase.serviceOn(TestDatabase.POSTGRES_PORT, schema);
        properties.put("endpoints.all.port", -1);
        try {
            together.await(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return ApplicationContext.run(EmbeddedServer.class, properties, "test");
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
