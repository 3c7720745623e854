package org.animalstore.bootstrap.api;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.context.annotation.Property;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.animalstore.domain.port.in.ShareRequestCountsUseCase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Quotas per API key: 3 requests a day for the primary key, none for the rotated one. A context per
 * test, so each starts with a fresh budget; this one's counts are shared only when a test says so, those of the
 * instances a test starts with a short interval on their own.
 */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class, rebuildContext = true)
@Property(name = "petstore.rate-limit", value = RateLimitApiTest.QUOTA)
@Property(name = "petstore.api-key-rate-limits", value = "key-2:off")
@Property(name = "petstore.quota-sharing-interval", value = "1h")
class RateLimitApiTest extends ApiTestBase {

    static final String QUOTA = "3/86400s";
    private static final Pattern REMAINING = Pattern.compile("\"default\";r=(\\d+);t=(\\d+)");

    @BeforeEach
    void forgetSharedCounts() throws Exception {
        try (Connection connection = DelegatingDataSource.unwrapDataSource(context.getBean(DataSource.class)).getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("DELETE FROM request_count");
        }
    }

    @Test
    void every_response_to_a_limited_key_carries_the_policy_and_what_remains() {
        // when
        ApiClient.Response first = api.get("/v1/pets");
        ApiClient.Response second = api.get("/v1/pets");

        // then
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.header("RateLimit-Policy")).contains("\"default\";q=3;w=86400");
        assertThat(remaining(first)).isEqualTo(2);
        assertThat(remaining(second)).isEqualTo(1);
        assertThat(resetSeconds(second)).isBetween(1L, 86_400L);
    }

    @Test
    void counts_only_the_api_not_its_document() {
        // when a limited key fetches the OpenAPI document, then the API
        ApiClient.Response document = api.get("/openapi.yaml");
        ApiClient.Response pets = api.get("/v1/pets");

        // then the document spent none of the quota
        assertThat(document.status()).isEqualTo(200);
        assertThat(document.header("RateLimit")).isEmpty();
        assertThat(remaining(pets)).isEqualTo(2);
    }

    @Test
    void past_the_quota_answers_429_rate_limited_with_retry_after() {
        // given the day's quota spent
        for (int i = 0; i < 3; i++) {
            assertThat(api.get("/v1/pets").status()).isEqualTo(200);
        }

        // when
        ApiClient.Response refused = api.postJson("/v1/pets", "{\"name\":\"Rex\",\"categoryId\":3}");

        // then nothing was added, and the client learns when to come back
        assertError(refused, 429, "rate_limited");
        assertThat(remaining(refused)).isZero();
        assertThat(refused.header("Retry-After")).contains(Long.toString(resetSeconds(refused)));
        assertThat(catalogue.count()).isZero();
    }

    @Test
    void errors_after_authentication_count_and_carry_the_headers() {
        // when
        ApiClient.Response notFound = api.get("/v1/pets/999999");

        // then
        assertError(notFound, 404, "not_found");
        assertThat(remaining(notFound)).isEqualTo(2);
    }

    @Test
    void requests_without_a_valid_key_are_neither_counted_nor_told_a_quota() {
        // when
        for (int i = 0; i < 5; i++) {
            ApiClient.Response anonymous = api.call("GET", "/v1/pets").anonymous().send();
            assertError(anonymous, 401, "unauthorized");
            assertThat(anonymous.header("RateLimit")).isEmpty();
        }

        // then the key's budget is whole
        assertThat(remaining(api.get("/v1/pets"))).isEqualTo(2);
    }

    @Test
    void a_key_whose_own_setting_is_off_is_not_limited() {
        // when
        for (int i = 0; i < 5; i++) {
            ApiClient.Response response = api.call("GET", "/v1/pets").header("Authorization", "Bearer " + ApiClient.ROTATED_KEY).send();

            // then
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("RateLimit-Policy")).isEmpty();
        }
    }

    @Test
    void instances_on_one_database_share_the_budget_once_they_have_shared_their_counts() {
        try (EmbeddedServer other = ServiceContexts.server(Map.of("petstore.rate-limit", QUOTA, "petstore.quota-sharing-interval", "1h"), context.getEnvironment().getActiveNames().toArray(String[]::new))) {
            ApiClient otherApi = new ApiClient(other.getURI(), other.getApplicationContext().getBean(JsonMapper.class));
            // given two requests here, shared
            api.get("/v1/pets");
            api.get("/v1/pets");
            context.getBean(ShareRequestCountsUseCase.class).shareRequestCounts();

            // when the other instance has shared too
            other.getApplicationContext().getBean(ShareRequestCountsUseCase.class).shareRequestCounts();

            // then it allows only what is left of the one budget
            assertThat(remaining(otherApi.get("/v1/pets"))).isZero();
            assertError(otherApi.get("/v1/pets"), 429, "rate_limited");
        }
    }

    @Test
    void instances_share_their_counts_on_their_own_every_interval() throws Exception {
        Map<String, Object> sharingOften = Map.of("petstore.rate-limit", "100/86400s", "petstore.quota-sharing-interval", "100ms");
        String[] environments = context.getEnvironment().getActiveNames().toArray(String[]::new);
        try (EmbeddedServer first = ServiceContexts.server(sharingOften, environments);
             EmbeddedServer second = ServiceContexts.server(sharingOften, environments)) {
            ApiClient firstApi = new ApiClient(first.getURI(), first.getApplicationContext().getBean(JsonMapper.class));
            ApiClient secondApi = new ApiClient(second.getURI(), second.getApplicationContext().getBean(JsonMapper.class));
            // given ten requests on the first instance, and no one sharing counts by hand
            for (int i = 0; i < 10; i++) {
                assertThat(firstApi.get("/v1/pets").status()).isEqualTo(200);
            }

            // when the second instance is asked, as long as it takes to see them (at most 40 requests, a few seconds)
            boolean counted = false;
            for (int asked = 1; asked <= 40 && !counted; asked++) {
                // its own requests so far, and the first instance's ten once shared
                counted = remaining(secondApi.get("/v1/pets")) == 100 - asked - 10;
                if (!counted) {
                    Thread.sleep(50); // a poll: the next sharing is at most 100 ms away
                }
            }

            // then it counted the first instance's requests in the one budget
            assertThat(counted).as("the second instance counts the first one's requests without a hand-made sharing").isTrue();
        }
    }

    private static long remaining(ApiClient.Response response) {
        return Long.parseLong(rateLimit(response).group(1));
    }

    private static long resetSeconds(ApiClient.Response response) {
        return Long.parseLong(rateLimit(response).group(2));
    }

    private static Matcher rateLimit(ApiClient.Response response) {
        String value = response.header("RateLimit").orElseThrow(() -> new AssertionError("no RateLimit header on " + response));
        Matcher matcher = REMAINING.matcher(value);
        assertThat(matcher.matches()).as("RateLimit: %s", value).isTrue();
        return matcher;
    }
}
