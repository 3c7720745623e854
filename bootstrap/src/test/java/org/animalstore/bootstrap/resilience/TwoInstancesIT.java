package org.animalstore.bootstrap.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Two service instances on one database: concurrent creates get unique ids, and both serve every pet. */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class TwoInstancesIT extends ApiTestBase {

    private EmbeddedServer second;
    private ApiClient secondApi;

    @BeforeEach
    void startSecondInstance() {
        second = ServiceContexts.server(Map.of(), "test");
        secondApi = new ApiClient(second.getURI(), second.getApplicationContext().getBean(JsonMapper.class));
    }

    @AfterEach
    void stopSecondInstance() {
        second.close();
    }

    @Test
    void concurrent_creates_on_two_instances_get_unique_ids_and_are_served_by_both() throws Exception {
        // given 16 clients, half on each instance, adding 25 pets each
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        List<Future<?>> clients = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = 0; c < 16; c++) {
                ApiClient client = c % 2 == 0 ? api : secondApi;
                int clientNumber = c;
                clients.add(pool.submit(() -> {
                    for (int n = 0; n < 25; n++) {
                        assertThat(ids.add(client.addPet("Twin " + clientNumber + "-" + n, 1, "available"))).isTrue();
                    }
                }));
            }
            for (Future<?> client : clients) {
                client.get(60, TimeUnit.SECONDS);
            }
        }

        // then every id is unique, and each instance serves every pet and the same listing
        assertThat(ids).hasSize(400);
        assertThat(catalogue.count()).isEqualTo(400);
        for (long id : ids) {
            assertThat(api.get("/v1/pets/" + id).text()).isEqualTo(secondApi.get("/v1/pets/" + id).text());
        }
        assertThat(api.get("/v1/pets?limit=100").text()).isEqualTo(secondApi.get("/v1/pets?limit=100").text());
    }
}
