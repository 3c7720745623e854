package org.animalstore.bootstrap.api;

import static org.animalstore.bootstrap.support.ApiAssertions.idsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.context.annotation.Property;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * What each instance remembers (docs/operations.md, Cache) never hides what was acknowledged: a created pet
 * is fetched at once everywhere and listed at once where it was created, other instances list it within
 * the page age (1 s), a 404 is never remembered, and a row fixed by hand shows once the pet age has passed
 * (1 s here instead of the default 10 min, so the test can wait for it; DELETE /cache: ManagementApiTest).
 */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
@Property(name = "petstore.cache.pet-ttl", value = "1s")
class CatalogueCacheApiTest extends ApiTestBase {

    /** The page age (the default) plus room for a slow request on a busy machine. */
    private static final Duration OTHER_INSTANCE_BOUND = Duration.ofMillis(1_000 + 1_000);

    private static EmbeddedServer otherInstance;

    @BeforeAll
    static void startAnotherInstance() {
        otherInstance = ServiceContexts.server(Map.of(), "test");
    }

    @AfterAll
    static void stopIt() {
        otherInstance.close();
    }

    @Test
    void a_created_pet_is_listed_at_once_by_the_instance_that_created_it() {
        // given listings this instance remembers
        api.get("/v1/pets");
        api.get("/v1/pets?status=available");

        // when it creates a pet
        long id = api.addPet("Rex", 1, "available");

        // then both listings show it on the next request
        assertThat(idsOf(api.get("/v1/pets"))).containsExactly(id);
        assertThat(idsOf(api.get("/v1/pets?status=available"))).containsExactly(id);
    }

    @Test
    void a_pet_created_with_an_idempotency_key_is_listed_and_fetched_at_once_by_the_instance_that_created_it() {
        // given listings this instance remembers
        api.get("/v1/pets");
        api.get("/v1/pets?status=pending");

        // when it creates a pet with an Idempotency-Key
        ApiClient.Response created = api.call("POST", "/v1/pets").header("Content-Type", "application/json")
                .header("Idempotency-Key", "cache-" + System.nanoTime()).body("{\"name\":\"Keyed\",\"categoryId\":1,\"status\":\"pending\"}").send();

        // then both listings show it on the next request, and it is fetched
        assertThat(created.status()).isEqualTo(201);
        long id = created.json().get("id").getLongValue();
        assertThat(idsOf(api.get("/v1/pets"))).containsExactly(id);
        assertThat(idsOf(api.get("/v1/pets?status=pending"))).containsExactly(id);
        assertThat(api.get("/v1/pets/" + id).status()).isEqualTo(200);
    }

    @Test
    void a_created_pet_is_fetched_at_once_and_listed_within_the_page_age_by_another_instance() throws Exception {
        // given a listing the other instance remembers, and a lookup of an id not yet taken there
        ApiClient other = new ApiClient(otherInstance.getURI(), otherInstance.getApplicationContext().getBean(JsonMapper.class));
        assertThat(idsOf(other.get("/v1/pets"))).isEmpty();

        // when this instance creates a pet
        long id = api.addPet("Rex", 1, "available");
        long acknowledged = System.nanoTime();

        // then the other instance serves it by id at once, and lists it within the bound
        assertThat(other.get("/v1/pets/" + id).status()).isEqualTo(200);
        List<Long> listed = idsOf(other.get("/v1/pets"));
        while (listed.isEmpty() && System.nanoTime() - acknowledged < OTHER_INSTANCE_BOUND.toNanos()) {
            Thread.sleep(50);
            listed = idsOf(other.get("/v1/pets"));
        }
        assertThat(listed).as("listed by the other instance within %s", OTHER_INSTANCE_BOUND).containsExactly(id);
    }

    @ParameterizedTest
    @ValueSource(strings = {"no-cache", "max-age=0", "no-store, NO-CACHE"})
    void a_listing_asked_with_no_cache_is_read_from_the_database_on_another_instance(String cacheControl) {
        // given a listing the other instance remembers
        ApiClient other = new ApiClient(otherInstance.getURI(), otherInstance.getApplicationContext().getBean(JsonMapper.class));
        String page = "/v1/pets?limit=" + cacheControl.length(); // a page of its own for each case
        assertThat(idsOf(other.get(page))).isEmpty();

        // when a pet is created on this instance
        long id = api.addPet("Read my write", 1, "available");

        // then a client asking the other instance to revalidate lists it at once
        assertThat(idsOf(other.call("GET", page).header("Cache-Control", cacheControl).send())).containsExactly(id);
    }

    @Test
    void a_pet_not_found_is_found_once_it_is_created() {
        // given lookups of the next ids, before any pet has them
        long before = api.addPet("Rex", 1, "available");
        for (long id = before + 1; id <= before + 5; id++) {
            assertThat(api.get("/v1/pets/" + id).status()).isEqualTo(404);
        }

        // when a pet is created, taking one of them
        long created = api.addPet("Nemo", 2, "pending");

        // then it is found
        assertThat(created).isBetween(before + 1, before + 5);
        assertThat(api.get("/v1/pets/" + created).json().get("name").getStringValue()).isEqualTo("Nemo");
    }

    @Test
    void a_row_fixed_by_hand_is_served_once_the_pet_age_has_passed() throws Exception {
        // given a pet the service has served, then renamed in its row by an operator
        long id = api.addPet("Rex", 1, "available");
        assertThat(api.get("/v1/pets/" + id).status()).isEqualTo(200);
        catalogue.renameByHand(id, "Rex (fixed)");

        // when the pet age (1 s here) has passed
        Thread.sleep(1_100);

        // then the fixed row is what is served
        assertThat(api.get("/v1/pets/" + id).json().get("name").getStringValue()).isEqualTo("Rex (fixed)");
    }
}
