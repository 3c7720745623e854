package org.animalstore.bootstrap.api;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.time.Duration;
import java.time.Instant;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ClockedApiTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The deprecated GET /v1/pets/{petId}: Deprecation, Sunset and successor link on its responses, 410 from the sunset on. */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class DeprecationApiTest extends ClockedApiTestBase {

    private static final Instant SUNSET = Instant.parse("2030-12-05T00:00:00Z");

    @ParameterizedTest
    @ValueSource(strings = {"found", "424242", "0", "not-a-number"})
    void every_answer_of_the_operation_announces_its_deprecation(String petId) {
        String path = "/v1/pets/" + (petId.equals("found") ? catalogue.add("Rex", 1, null) : petId);

        ApiClient.Response response = api.get(path);

        assertThat(response.status()).isIn(200, 404, 400);
        assertDeprecationHeaders(response);
    }

    @Test
    void the_headers_follow_rfc_9745_and_rfc_8594() {
        ApiClient.Response response = api.get("/v1/pets/" + catalogue.add("Rex", 1, null));

        assertThat(response.header("Deprecation")).contains("@1795305600");
        assertThat(Instant.ofEpochSecond(1795305600)).isEqualTo(Instant.parse("2026-11-22T00:00:00Z"));
        assertThat(response.header("Sunset")).contains("Thu, 05 Dec 2030 00:00:00 GMT");
        assertThat(response.header("Link")).contains("</v1/pets>; rel=\"successor-version\"");
    }

    @Test
    void its_406_announces_the_deprecation_too() {
        ApiClient.Response response = api.call("GET", "/v1/pets/1").header("Accept", "text/html").send();

        assertError(response, 406, "not_acceptable");
        assertDeprecationHeaders(response);
    }

    @Test
    void a_caller_without_a_valid_api_key_learns_nothing_of_it() {
        ApiClient.Response response = api.call("GET", "/v1/pets/1").anonymous().send();

        assertError(response, 401, "unauthorized");
        assertThat(response.header("Deprecation")).isEmpty();
        assertThat(response.header("Sunset")).isEmpty();
    }

    @Test
    void other_operations_are_not_deprecated() {
        ApiClient.Response created = api.postJson("/v1/pets", "{\"name\":\"Rex\",\"categoryId\":1}");
        ApiClient.Response listed = api.get("/v1/pets");

        for (ApiClient.Response response : new ApiClient.Response[] {created, listed}) {
            assertThat(response.header("Deprecation")).isEmpty();
            assertThat(response.header("Sunset")).isEmpty();
        }
    }

    @Test
    void still_answers_until_the_sunset_instant() {
        long id = catalogue.add("Rex", 1, null);
        CLOCK.set(SUNSET.minusMillis(1));

        assertThat(api.get("/v1/pets/" + id).status()).isEqualTo(200);
    }

    @ParameterizedTest
    @ValueSource(strings = {"existing", "424242", "not-a-number"})
    void answers_410_gone_from_the_sunset_instant_on(String petId) {
        String path = "/v1/pets/" + (petId.equals("existing") ? catalogue.add("Rex", 1, null) : petId);
        CLOCK.set(SUNSET);

        ApiClient.Response atSunset = api.get(path);
        CLOCK.advance(Duration.ofDays(400));
        ApiClient.Response later = api.get(path);

        for (ApiClient.Response response : new ApiClient.Response[] {atSunset, later}) {
            assertError(response, 410, "gone");
            assertDeprecationHeaders(response);
        }
    }

    @Test
    void after_the_sunset_the_other_operations_still_work() {
        CLOCK.set(SUNSET.plus(Duration.ofDays(1)));

        assertThat(api.postJson("/v1/pets", "{\"name\":\"Rex\",\"categoryId\":1}").status()).isEqualTo(201);
        assertThat(api.get("/v1/pets").status()).isEqualTo(200);
    }

    private static void assertDeprecationHeaders(ApiClient.Response response) {
        assertThat(response.header("Deprecation")).as("Deprecation of %s", response).contains("@1795305600");
        assertThat(response.header("Sunset")).as("Sunset of %s", response).contains("Thu, 05 Dec 2030 00:00:00 GMT");
        assertThat(response.header("Link")).as("Link of %s", response).contains("</v1/pets>; rel=\"successor-version\"");
    }
}
