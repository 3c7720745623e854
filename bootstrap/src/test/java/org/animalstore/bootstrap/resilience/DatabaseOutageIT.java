package org.animalstore.bootstrap.resilience;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.animalstore.bootstrap.support.TcpRelay;
import org.animalstore.bootstrap.support.TestCatalogue;
import org.animalstore.bootstrap.support.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL disappears under a running service and comes back: through a relay the test controls,
 * never a mock. While it is gone every request that needs it answers 503 with an Error body (what the
 * instance remembers is still served), no request hangs on a dead pooled connection, readiness reports
 * DOWN; once it is back the service recovers by itself.
 */
class DatabaseOutageIT {

    /** No request may take longer: the pool waits 2 s, a silent connection 3 s (application.yml). */
    private static final Duration NO_HANG = Duration.ofSeconds(5);

    private TcpRelay relay;
    private EmbeddedServer server;
    private ApiClient api;
    private ApiClient management;
    private TestCatalogue catalogue;

    @BeforeEach
    void startBehindRelay() throws Exception {
        relay = new TcpRelay(TestDatabase.POSTGRES_PORT);
        int managementPort = TestDatabase.freePort();
        Map<String, Object> properties = TestDatabase.serviceOn(relay.port(), TestDatabase.freshSchema("outage"));
        properties.put("endpoints.all.port", managementPort);
        properties.put("datasources.default.maximum-pool-size", 2);
        properties.put("datasources.default.minimum-idle", 2);
        server = ServiceContexts.server(properties, "test");
        JsonMapper json = server.getApplicationContext().getBean(JsonMapper.class);
        api = new ApiClient(server.getURI(), json);
        management = ApiClient.outsideTheApi(URI.create("http://127.0.0.1:" + managementPort), json);
        catalogue = new TestCatalogue(server.getApplicationContext());
        // The first requests of a new instance are slow while classes load: keep them out of the timed ones.
        awaitServing();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
        relay.close();
    }

    @Test
    void answers_503_while_the_database_is_cut_off_then_recovers_without_restart() throws Exception {
        long petId = readOnce(catalogue.add("Rex", 1, "available"));
        assertThat(readiness().status()).isEqualTo(200);

        relay.cut();

        assertEveryOperationAnswers503(petId);
        assertNotReady();

        relay.restore();

        assertRecovers(petId);
    }

    @Test
    void answers_503_while_the_database_is_silent_then_recovers_without_restart() throws Exception {
        long petId = readOnce(catalogue.add("Rex", 1, "available"));

        relay.freeze();

        assertEveryOperationAnswers503(petId);
        assertNotReady();

        relay.restore();

        assertRecovers(petId);
    }

    @Test
    void a_request_on_a_connection_that_just_went_silent_fails_instead_of_hanging() throws Exception {
        // A connection used a moment ago is handed out without validation: only the socket timeout saves it.
        // (Added through the API, so one of the pooled connections was used a moment ago.)
        long petId = api.addPet("Rex", 1, "available");
        relay.freeze();

        // A pet never seen: only the database can tell whether it exists.
        ApiClient.Response response = timed(() -> api.get("/v1/pets/" + (petId + 1)));

        assertError(response, 503, "service_unavailable");
    }

    /** Reads the pet once through the API: from then on this instance remembers it (created pets are not). */
    private long readOnce(long petId) {
        assertThat(api.get("/v1/pets/" + petId).status()).isEqualTo(200);
        return petId;
    }

    /** A page and a pet this instance does not remember, and a create, need the database; the pet it read does not. */
    private void assertEveryOperationAnswers503(long petId) {
        ApiClient.Response list = timed(() -> api.get("/v1/pets?limit=3"));
        ApiClient.Response add = timed(() -> api.postJson("/v1/pets", "{\"name\":\"Nemo\",\"categoryId\":2}"));
        ApiClient.Response get = timed(() -> api.get("/v1/pets/" + (petId + 1000)));

        for (ApiClient.Response response : new ApiClient.Response[] {list, add, get}) {
            assertError(response, 503, "service_unavailable");
            assertThat(response.header("Retry-After")).hasValue("2");
            assertThat(response.header("X-Request-Id")).isPresent();
        }
        ApiClient.Response remembered = timed(() -> api.get("/v1/pets/" + petId));
        assertThat(remembered.status()).as("a pet once read never changes: served from memory").isEqualTo(200);
        assertThat(remembered.json().get("name").getStringValue()).isEqualTo("Rex");
    }

    private void assertNotReady() {
        ApiClient.Response readiness = timed(this::readiness);

        assertThat(readiness.status()).isEqualTo(503);
        assertThat(readiness.json().get("status").getStringValue()).isEqualTo("DOWN");
        assertThat(readiness.json().get("details")).as("no details for anonymous callers").isNull();
        assertThat(management.call("GET", "/health/liveness").anonymous().send().status())
                .as("a database outage is no reason to restart the instance").isEqualTo(200);
    }

    private void assertRecovers(long petId) throws InterruptedException {
        awaitServing();
        assertThat(api.get("/v1/pets/" + petId).status()).isEqualTo(200);
        assertThat(api.postJson("/v1/pets", "{\"name\":\"Nemo\",\"categoryId\":2}").status()).isEqualTo(201);
        assertThat(readiness().status()).isEqualTo(200);
    }

    /** Waits (20 s at most) until a listing is served; the assertions that follow tell if it never was. */
    private void awaitServing() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (api.get("/v1/pets").status() != 200 && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
    }

    private ApiClient.Response readiness() {
        return management.call("GET", "/health/readiness").anonymous().send();
    }

    private static ApiClient.Response timed(Supplier<ApiClient.Response> call) {
        long started = System.nanoTime();
        ApiClient.Response response = call.get();
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        assertThat(took).as("time to answer %s", response).isLessThan(NO_HANG);
        return response;
    }
}
