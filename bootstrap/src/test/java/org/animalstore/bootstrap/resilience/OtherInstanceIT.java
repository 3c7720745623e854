package org.animalstore.bootstrap.resilience;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.animalstore.bootstrap.support.ApiAssertions.idsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.List;
import java.util.Map;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What survives a restart and spans instances: Idempotency-Keys (kept in PostgreSQL) and cursors
 * (signed with the configured secret). A second instance on the same database stands for both.
 */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class OtherInstanceIT extends ApiTestBase {

    private static final String REX = "{\"name\":\"Rex\",\"categoryId\":3}";

    private static EmbeddedServer sameSecret;
    private static EmbeddedServer otherSecret;

    @BeforeAll
    static void startTwoMoreInstances() {
        sameSecret = ServiceContexts.server(Map.of(), "test");
        otherSecret = ServiceContexts.server(Map.of("petstore.cursor.secret", "another-cursor-secret-0000000000000002"), "test");
    }

    @AfterAll
    static void stopThem() {
        sameSecret.close();
        otherSecret.close();
    }

    @Test
    void a_retry_on_a_restarted_or_other_instance_replays_the_first_answer() {
        ApiClient.Response first = post(api, "order-restart");

        ApiClient.Response retry = post(client(sameSecret), "order-restart");

        assertThat(retry.status()).isEqualTo(201);
        assertThat(retry.text()).isEqualTo(first.text());
        assertThat(retry.header("Idempotent-Replayed")).contains("true");
        assertThat(catalogue.count()).isEqualTo(1);
    }

    @Test
    void a_cursor_continues_on_an_instance_with_the_same_secret() {
        List<Long> ids = catalogue.insertPets(3);
        String next = nextUri(api.get("/v1/pets?limit=2"));

        ApiClient.Response page = client(sameSecret).get(next);

        assertThat(idsOf(page)).as("the rest of the listing").containsExactly(ids.get(2));
        assertThat(page.text()).as("the page the issuing instance serves").isEqualTo(api.get(next).text());
    }

    @Test
    void a_cursor_is_refused_by_an_instance_with_another_secret() {
        catalogue.insertPets(3);
        String next = nextUri(api.get("/v1/pets?limit=2"));

        assertError(client(otherSecret).call("GET", next).beyondTheDocument("an opaque cursor: the document cannot say which strings the service issued, or for which filter").send(), 400, "invalid_cursor");
    }

    private static ApiClient.Response post(ApiClient client, String key) {
        return client.call("POST", "/v1/pets").header("Content-Type", "application/json").header("Idempotency-Key", key).body(REX).send();
    }

    private static String nextUri(ApiClient.Response response) {
        String link = response.header("Link").orElseThrow(() -> new AssertionError("no next link: " + response));
        return link.substring(1, link.indexOf('>'));
    }

    private static ApiClient client(EmbeddedServer server) {
        return new ApiClient(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class));
    }
}
