package org.animalstore.bootstrap.operations;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.RawHttp;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.animalstore.bootstrap.support.TestCatalogue;
import org.animalstore.bootstrap.support.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Health and metrics live on the management port, readable without an API key; the API port
 * serves the spec's routes and nothing else. API keys given as labelled SHA-256 digests work and
 * their labels appear in the metrics.
 */
class ManagementApiTest {

    static final String CI_KEY = "ci-key-given-as-a-digest-0003";

    private static EmbeddedServer server;
    private static ApiClient api;
    private static URI managementUri;
    private static ApiClient management;
    private static TestCatalogue catalogue;

    @BeforeAll
    static void start() throws Exception {
        int managementPort = TestDatabase.freePort();
        server = ServiceContexts.server(Map.of(
                "endpoints.all.port", managementPort,
                "petstore.api-keys", List.of(ApiClient.KEY, "ci:sha256:" + ApiKeysStartupTest.sha256Hex(CI_KEY))), "test");
        JsonMapper json = server.getApplicationContext().getBean(JsonMapper.class);
        api = new ApiClient(server.getURI(), json);
        managementUri = URI.create("http://127.0.0.1:" + managementPort);
        management = ApiClient.outsideTheApi(managementUri, json);
        catalogue = new TestCatalogue(server.getApplicationContext());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void emptyCatalogue() {
        catalogue.empty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/health", "/health/liveness", "/health/readiness"})
    void health_is_up_and_readable_without_an_api_key_but_shows_no_details(String path) {
        ApiClient.Response response = management.call("GET", path).anonymous().send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("status").getStringValue()).isEqualTo("UP");
        assertThat(response.json().size()).as("only the status: %s", response).isEqualTo(1);
    }

    @Test
    void the_management_port_refuses_a_request_without_host_too_and_still_answers_health() {
        RawHttp.Conversation withoutHost = RawHttp.converse(managementUri, "GET /health HTTP/1.1\r\n\r\n");
        RawHttp.Conversation withHost = RawHttp.converse(managementUri, "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");

        assertThat(withoutHost.statuses()).containsExactly(400);
        assertThat(withoutHost.closed()).isTrue();
        assertThat(withHost.statuses()).containsExactly(200);
    }

    @Test
    void readiness_checks_the_database_for_a_caller_with_an_api_key() {
        ApiClient.Response response = management.get("/health/readiness");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("details").get("jdbc").get("status").getStringValue()).isEqualTo("UP");
    }

    @Test
    void liveness_does_not_depend_on_the_database() {
        ApiClient.Response response = management.get("/health/liveness");

        assertThat(response.json().get("details").get("jdbc")).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/health", "/health/readiness", "/prometheus", "/info", "/beans", "/env", "/loggers"})
    void the_api_port_serves_no_management_endpoint(String path) {
        assertError(api.get(path), 404, "not_found");
        assertError(api.call("GET", path).anonymous().send(), 401, "unauthorized");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/pets", "/beans", "/env", "/loggers", "/threaddump", "/routes", "/metrics", "/refresh"})
    void the_management_port_serves_neither_the_api_nor_sensitive_endpoints(String path) {
        assertError(management.call("GET", path).anonymous().send(), 404, "not_found");
        assertError(management.get(path), 404, "not_found");
    }

    @Test
    void forgets_what_the_instance_remembers_when_told_with_an_api_key() {
        // given a pet the instance has served, then renamed in its row by an operator
        long id = api.addPet("Rex", 1, "available");
        assertThat(nameOf(id)).isEqualTo("Rex");
        catalogue.renameByHand(id, "Rex (fixed)");
        assertThat(nameOf(id)).as("still remembered").isEqualTo("Rex");

        // when the operator tells the instance to forget
        ApiClient.Response forgotten = management.call("DELETE", "/cache").send();

        // then the fixed row is served at once
        assertThat(forgotten.status()).isEqualTo(200);
        assertThat(forgotten.json().get("forgotten").getIntValue()).isPositive();
        assertThat(nameOf(id)).isEqualTo("Rex (fixed)");
    }

    @Test
    void refuses_to_forget_without_an_api_key_and_only_on_the_management_port() {
        // given a pet the instance remembers
        long id = api.addPet("Rex", 1, "available");
        assertThat(nameOf(id)).isEqualTo("Rex");
        catalogue.renameByHand(id, "Rex (fixed)");

        // when it is told to forget without a key, or on the API port
        assertError(management.call("DELETE", "/cache").anonymous().send(), 401, "unauthorized");
        assertError(api.call("DELETE", "/cache").send(), 404, "not_found");

        // then it still serves what it remembers
        assertThat(nameOf(id)).isEqualTo("Rex");
    }

    private static String nameOf(long id) {
        return api.get("/v1/pets/" + id).json().get("name").getStringValue();
    }

    @Test
    void info_tells_the_public_address() {
        ApiClient.Response response = management.call("GET", "/info").anonymous().send();

        assertThat(response.json().get("base-url").getStringValue()).isEqualTo("http://localhost:8080/v1");
    }

    @Test
    void prometheus_shows_request_latency_by_route_and_status_and_the_connection_pool() {
        long id = api.addPet("Rex", 1, null);
        api.get("/v1/pets?limit=5");
        api.get("/v1/pets/" + id);

        String metrics = prometheus();

        assertThat(metrics)
                .containsPattern("http_server_requests_seconds_count\\{[^}]*method=\"POST\"[^}]*status=\"201\"[^}]*uri=\"/v1/pets\"[^}]*} [1-9]")
                .containsPattern("http_server_requests_seconds_bucket\\{[^}]*status=\"200\"[^}]*uri=\"/v1/pets\"")
                .containsPattern("http_server_requests_seconds_count\\{[^}]*status=\"200\"[^}]*uri=\"/v1/pets/\\{petId}\"[^}]*} [1-9]")
                .containsPattern("hikaricp_connections_active\\{pool=\"HikariPool-\\d+\"} ")
                .containsPattern("hikaricp_connections_max\\{pool=\"HikariPool-\\d+\"} 4")
                .doesNotContain(ApiClient.KEY, CI_KEY);
    }

    @Test
    void prometheus_shows_the_garbage_collections_micrometer_counts() throws InterruptedException {
        // given a full collection, which the JDK reports to Micrometer's listener shortly after it ends
        System.gc();

        // when scraped, then it is counted, with the old generation's sizes and the allocation rate (ADR 0063)
        Pattern collection = Pattern.compile("jvm_gc_pause_seconds_count\\{action=\"end of major GC\",cause=\"System.gc\\(\\)\",gc=\"[^\"]+\"} [1-9]");
        String metrics = prometheus();
        for (int attempt = 0; attempt < 50 && !collection.matcher(metrics).find(); attempt++) {
            Thread.sleep(100);
            metrics = prometheus();
        }
        assertThat(metrics).containsPattern(collection)
                .containsPattern("jvm_gc_live_data_size_bytes [0-9.E]+").containsPattern("jvm_gc_max_data_size_bytes [1-9]")
                .containsPattern("jvm_gc_memory_allocated_bytes_total [0-9.E]+");
    }

    @Test
    void prometheus_counts_what_the_cache_answered_and_what_it_read() {
        // given a pet this instance never read, and a page it never listed
        long id = catalogue.insertPets(1).getFirst();
        double petHits = counter("animalstore_cache_lookups_total{kind=\"pet\",result=\"hit\"}");
        double petMisses = counter("animalstore_cache_lookups_total{kind=\"pet\",result=\"miss\"}");
        double pageMisses = counter("animalstore_cache_lookups_total{kind=\"page\",result=\"miss\"}");

        // when each is asked for twice
        api.get("/v1/pets/" + id);
        api.get("/v1/pets/" + id);
        api.get("/v1/pets?limit=7");

        // then the first read of the pet went to the database, the second did not
        assertThat(counter("animalstore_cache_lookups_total{kind=\"pet\",result=\"miss\"}")).isEqualTo(petMisses + 1);
        assertThat(counter("animalstore_cache_lookups_total{kind=\"pet\",result=\"hit\"}")).isEqualTo(petHits + 1);
        assertThat(counter("animalstore_cache_lookups_total{kind=\"page\",result=\"miss\"}")).isEqualTo(pageMisses + 1);
        assertThat(prometheus()).containsPattern("animalstore_cache_entries [1-9]");
    }

    @Test
    void prometheus_counts_authentication_failures_by_reason() {
        double missing = counter("animalstore_auth_failures_total{reason=\"missing\"}");
        double invalid = counter("animalstore_auth_failures_total{reason=\"invalid\"}");

        api.call("GET", "/v1/pets").anonymous().send();
        api.call("GET", "/v1/pets").header("Authorization", "Bearer not-a-configured-key-000").send();
        api.call("GET", "/v1/pets").header("Authorization", "Basic dGVzdDp0ZXN0").send();

        assertThat(counterOnceAt("animalstore_auth_failures_total{reason=\"missing\"}", missing + 1)).isEqualTo(missing + 1);
        assertThat(counterOnceAt("animalstore_auth_failures_total{reason=\"invalid\"}", invalid + 2)).isEqualTo(invalid + 2);
    }

    @Test
    void prometheus_counts_answers_given_before_routing_in_the_request_timer() {
        assertEachCountedOnce(() -> {
            api.call("GET", "/v1/pets").anonymous().send();
            RawHttp.send(server.getURI(), "BREW /v1/pets HTTP/1.1\r\nHost: localhost\r\n\r\n");
        }, requestTimer("none", "GET", 401, "UNMATCHED_URI"), requestTimer("none", "UNKNOWN", 501, "UNMATCHED_URI"));
    }

    @Test
    void prometheus_times_errors_by_the_exception_behind_them_and_the_management_port_too() {
        assertEachCountedOnce(() -> {
            api.call("GET", "/v1/pets/" + Long.MAX_VALUE).send();
            api.call("GET", "/v1/pets/not-a-number").send();
        }, requestTimer("ApiException", "GET", 404, "NOT_FOUND"), requestTimer("ApiException", "GET", 400, "/v1/pets/{petId}"));

        management.get("/health/liveness");

        assertThat(prometheus()).containsPattern("http_server_requests_seconds_count\\{exception=\"none\",method=\"GET\",status=\"200\",uri=\"/health[^\"]*\"} [1-9]");
    }

    @Test
    void prometheus_counts_a_401_of_the_security_filter_once_by_its_route() {
        String series = "http_server_requests_seconds_count{exception=\"none\",method=\"GET\",status=\"401\",uri=\"/v1/pets\"}";
        double before = counter(series);

        // a request with Origin is left to Micronaut's security (the fence's gate answers the others)
        api.call("GET", "/v1/pets").anonymous().header("Origin", "http://localhost:8080").send();

        assertThat(counter(series)).isEqualTo(before + 1);
    }

    @Test
    void prometheus_counts_calls_to_the_deprecated_operation_by_key_label() {
        long id = catalogue.add("Rex", 1, null);
        String metric = "animalstore_deprecated_calls_total{key=\"ci\",operation=\"/v1/pets/{petId}\"}";
        double before = counter(metric);

        api.call("GET", "/v1/pets/" + id).header("Authorization", "Bearer " + CI_KEY).send();
        api.call("GET", "/v1/pets/0").header("Authorization", "Bearer " + CI_KEY).send();
        api.call("GET", "/v1/pets").header("Authorization", "Bearer " + CI_KEY).send();

        assertThat(counter(metric)).isEqualTo(before + 2);
    }

    @Test
    void a_key_given_as_a_labelled_digest_is_accepted_and_counted_under_its_label() {
        double before = counter("animalstore_api_requests_total{key=\"ci\"}");

        ApiClient.Response response = api.call("GET", "/v1/pets").header("Authorization", "Bearer " + CI_KEY).send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(counter("animalstore_api_requests_total{key=\"ci\"}")).isEqualTo(before + 1);
    }

    @Test
    void the_digest_itself_is_not_a_key() throws Exception {
        ApiClient.Response response = api.call("GET", "/v1/pets").header("Authorization", "Bearer " + ApiKeysStartupTest.sha256Hex(CI_KEY)).send();

        assertError(response, 401, "unauthorized");
    }

    @Test
    void the_api_works_with_metrics_switched_off() {
        try (EmbeddedServer quiet = ServiceContexts.server(Map.of("micronaut.metrics.enabled", false), "test")) {
            ApiClient quietApi = new ApiClient(quiet.getURI(), quiet.getApplicationContext().getBean(JsonMapper.class));

            assertThat(quietApi.get("/v1/pets").status()).isEqualTo(200);
            assertError(quietApi.call("GET", "/v1/pets").anonymous().send(), 401, "unauthorized");
        }
    }

    private static String prometheus() {
        ApiClient.Response response = management.call("GET", "/prometheus").anonymous().send();
        assertThat(response.status()).isEqualTo(200);
        return response.text();
    }

    /** The value of one series, 0 when it has not been recorded yet. */
    private static String requestTimer(String exception, String method, int status, String uri) {
        return "http_server_requests_seconds_count{exception=\"%s\",method=\"%s\",status=\"%d\",uri=\"%s\"}".formatted(exception, method, status, uri);
    }

    /** Each series counts one more after {@code requests} than before. */
    private static void assertEachCountedOnce(Runnable requests, String... series) {
        double[] before = Arrays.stream(series).mapToDouble(ManagementApiTest::counter).toArray();
        requests.run();
        for (int i = 0; i < series.length; i++) {
            assertThat(counterOnceAt(series[i], before[i] + 1)).as(series[i]).isEqualTo(before[i] + 1);
        }
    }

    /**
     * The series once it reached {@code expected}, or after 2 s: the fence counts an answer it gives right
     * after writing it, so the client may read its answer a moment before the count moves.
     */
    private static double counterOnceAt(String series, double expected) {
        long deadline = System.nanoTime() + 2_000_000_000L;
        double value = counter(series);
        while (value < expected && System.nanoTime() < deadline) {
            Thread.onSpinWait();
            value = counter(series);
        }
        return value;
    }

    private static double counter(String series) {
        return prometheus().lines()
                .filter(line -> line.startsWith(series + " "))
                .mapToDouble(line -> Double.parseDouble(line.substring(series.length() + 1)))
                .findFirst().orElse(0);
    }
}
