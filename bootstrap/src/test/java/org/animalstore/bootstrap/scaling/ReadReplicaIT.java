package org.animalstore.bootstrap.scaling;

import static org.animalstore.bootstrap.support.ApiAssertions.idsOf;
import static org.animalstore.bootstrap.support.ReplicaPair.PRIMARY_PORT;
import static org.animalstore.bootstrap.support.ReplicaPair.REPLICA_PORT;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.animalstore.adapters.persistence.ReadReplica;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ReplicaPair;
import org.animalstore.bootstrap.support.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reads on a real PostgreSQL streaming replica (a private primary and replica, scripts/replica/private-pair.sh):
 * served from it while it is fresh, never a 404 or a missing create because it lags, never an error when it
 * stops. A replica is made to lag by pausing its replay ({@code pg_wal_replay_pause()}).
 */
class ReadReplicaIT {

    /** Long enough that a paused replica still counts as fresh during a test: what it serves is then visible. */
    private static final Map<String, Object> TRUSTING = Map.of("petstore.replica.max-lag", "60s");

    private final String schema = TestDatabase.schema() + "_replica";
    private final List<EmbeddedServer> instances = new ArrayList<>();

    @BeforeAll
    static void startThePair() {
        ReplicaPair.run("start");
    }

    @AfterAll
    static void stopThePair() {
        ReplicaPair.run("stop");
    }

    @BeforeEach
    void emptySchema() {
        ReplicaPair.query(PRIMARY_PORT, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    }

    @AfterEach
    void stopInstancesAndResumeReplay() {
        instances.forEach(EmbeddedServer::close);
        ReplicaPair.run("start-replica");
        ReplicaPair.query(REPLICA_PORT, "SELECT pg_wal_replay_resume()");
    }

    @Test
    void lists_are_read_from_the_replica_and_a_pet_it_lacks_is_fetched_from_the_primary() throws Exception {
        // given an instance trusting its replica, whose replay is then paused
        ApiClient api = start(TRUSTING);
        long before = api.addPet("Before", 1, "available");
        awaitReplayed();
        ReplicaPair.query(REPLICA_PORT, "SELECT pg_wal_replay_pause()");

        // when a pet is stored on the primary behind the service's back
        long hidden = Long.parseLong(ReplicaPair.query(PRIMARY_PORT,
                "INSERT INTO " + schema + ".pet (name, category_id, status) VALUES ('Hidden', 1, 'available') RETURNING id"));

        // then the listing, read from the replica, does not have it yet, but fetching it finds it on the primary
        assertThat(idsOf(api.get("/v1/pets?limit=37"))).containsExactly(before);
        assertThat(api.get("/v1/pets/" + hidden).status()).isEqualTo(200);
        assertThat(api.get("/v1/pets/" + hidden).json().get("name").getStringValue()).isEqualTo("Hidden");

        // and once the replica replays again, the listing has it
        ReplicaPair.query(REPLICA_PORT, "SELECT pg_wal_replay_resume()");
        awaitReplayed();
        assertThat(idsOf(api.get("/v1/pets?limit=38"))).containsExactly(before, hidden);
    }

    @ParameterizedTest(name = "with an Idempotency-Key: {0}")
    @ValueSource(booleans = {false, true})
    void a_created_pet_is_listed_and_fetched_at_once_on_every_instance_while_the_replica_lags(boolean keyed) throws Exception {
        // given two instances with the default max-lag, and a replica that stopped replaying
        ApiClient first = start(Map.of());
        ApiClient second = start(Map.of());
        first.addPet("Early", 1, null);
        awaitReplayed();
        ReplicaPair.query(REPLICA_PORT, "SELECT pg_wal_replay_pause()");

        // when a client creates a pet on one instance (a keyed create waits for the replica as a plain one does)
        ApiClient.Call create = first.call("POST", "/v1/pets").header("Content-Type", "application/json")
                .body("{\"name\":\"Created while the replica lags\",\"categoryId\":2,\"status\":\"pending\"}");
        ApiClient.Response response = (keyed ? create.header("Idempotency-Key", "lagging-replica") : create).send();
        assertThat(response.status()).isEqualTo(201);
        long created = response.json().get("id").getLongValue();

        // then its next listing and fetch on the other one have it, from the primary, and so do the creating instance's
        assertThat(idsOf(second.get("/v1/pets?limit=41"))).contains(created);
        assertThat(idsOf(second.get("/v1/pets?status=pending&limit=41"))).containsExactly(created);
        assertThat(second.get("/v1/pets/" + created).status()).isEqualTo(200);
        assertThat(idsOf(first.get("/v1/pets?limit=42"))).contains(created);
        assertThat(idsOf(first.get("/v1/pets?status=pending&limit=42"))).containsExactly(created);
        assertThat(first.get("/v1/pets/" + created).status()).isEqualTo(200);
    }

    @Test
    void a_replica_stopping_and_coming_back_costs_no_request_and_reads_return_to_it() throws Exception {
        // given an instance trusting its replica, under a steady mix of creates, lists and fetches
        ApiClient api = start(TRUSTING);
        long first = api.addPet("First", 1, "available");
        AtomicInteger failures = new AtomicInteger();
        List<String> failed = new ArrayList<>();

        // when the replica stops in the middle of it, and starts again
        for (int round = 0; round < 60; round++) {
            if (round == 20) {
                ReplicaPair.run("stop-replica");
            }
            if (round == 40) {
                ReplicaPair.run("start-replica");
            }
            for (ApiClient.Response response : List.of(
                    api.postJson("/v1/pets", "{\"name\":\"Round " + round + "\",\"categoryId\":1}"),
                    api.get("/v1/pets?limit=" + (round + 1)),
                    api.get("/v1/pets/" + first))) {
                if (response.status() >= 300) {
                    failures.incrementAndGet();
                    failed.add(response.toString());
                }
            }
        }

        // then no request failed
        assertThat(failed).as("requests that failed while the replica stopped and started").isEmpty();
        assertThat(failures).hasValue(0);

        // and reads go to the replica again: a pet it has not replayed is missing from a listing it serves
        awaitReplayed();
        awaitReplicaTrusted(instances.getFirst()); // the instance sees it answer again
        ReplicaPair.query(REPLICA_PORT, "SELECT pg_wal_replay_pause()");
        long hidden = Long.parseLong(ReplicaPair.query(PRIMARY_PORT,
                "INSERT INTO " + schema + ".pet (name, category_id) VALUES ('Hidden', 1) RETURNING id"));
        assertThat(idsOf(api.get("/v1/pets?limit=99"))).doesNotContain(hidden).contains(first);
    }

    @Test
    void an_instance_stays_ready_while_its_replica_is_stopped_and_its_metrics_tell_where_reads_went() throws Exception {
        // given an instance with its management port, whose reads the replica answered
        int managementPort = TestDatabase.freePort();
        ApiClient api = start(Map.of("endpoints.all.port", managementPort));
        ApiClient management = ApiClient.outsideTheApi(URI.create("http://127.0.0.1:" + managementPort),
                instances.getFirst().getApplicationContext().getBean(JsonMapper.class));
        awaitReplicaTrusted(instances.getFirst());
        assertThat(api.get("/v1/pets?limit=51").status()).isEqualTo(200);
        assertThat(metric(management, "animalstore_replica_reads_total{target=\"replica\"}")).isEqualTo(1);
        assertThat(metric(management, "animalstore_replica_up")).isEqualTo(1);
        assertThat(management.get("/health/readiness").status()).isEqualTo(200);

        // when its replica stops
        ReplicaPair.run("stop-replica");
        assertThat(api.get("/v1/pets?limit=52").status()).isEqualTo(200);

        // then it is still ready, the read went to the primary, and the metrics say so
        assertThat(management.get("/health/readiness").status()).isEqualTo(200);
        assertThat(management.get("/health").status()).isEqualTo(200);
        assertThat(metric(management, "animalstore_replica_reads_total{target=\"primary\"}")).isEqualTo(1);
        assertThat(metric(management, "animalstore_replica_up")).isEqualTo(0);
    }

    private static double metric(ApiClient management, String series) {
        return management.get("/prometheus").text().lines()
                .filter(line -> line.startsWith(series + " "))
                .mapToDouble(line -> Double.parseDouble(line.substring(series.length() + 1)))
                .findFirst().orElseThrow(() -> new AssertionError("no " + series + " in /prometheus"));
    }

    private ApiClient start(Map<String, Object> settings) {
        EmbeddedServer instance = ReplicaPair.instance(schema, settings);
        instances.add(instance);
        return new ApiClient(instance.getURI(), instance.getApplicationContext().getBean(JsonMapper.class));
    }

    /** Waits until the instance's checks found its replica reachable and fresh: its reads go there. */
    private static void awaitReplicaTrusted(EmbeddedServer instance) throws InterruptedException {
        ReadReplica replica = instance.getApplicationContext().getBean(ReadReplica.class);
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!trusted(replica.status()) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(trusted(replica.status())).as("the instance trusts its replica within 10 s: %s", replica.status()).isTrue();
    }

    private static boolean trusted(ReadReplica.Status status) {
        return status.reachable() && status.stalenessSeconds() < 0.5;
    }

    /** Waits until the replica has replayed everything the primary has written so far. */
    private static void awaitReplayed() throws InterruptedException {
        String target = ReplicaPair.query(PRIMARY_PORT, "SELECT pg_current_wal_lsn()");
        for (int i = 0; i < 100; i++) {
            if ("t".equals(ReplicaPair.query(REPLICA_PORT, "SELECT pg_last_wal_replay_lsn() >= '" + target + "'::pg_lsn"))) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the replica did not replay up to " + target + " within 5 s");
    }
}
