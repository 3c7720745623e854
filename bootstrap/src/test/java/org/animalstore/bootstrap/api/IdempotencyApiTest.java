package org.animalstore.bootstrap.api;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ClockedApiTestBase;
import org.animalstore.bootstrap.support.TestCatalogue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Safe retries of POST /v1/pets with an Idempotency-Key (draft-ietf-httpapi-idempotency-key-header). */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class IdempotencyApiTest extends ClockedApiTestBase {

    private static final String REX = "{\"name\":\"Rex\",\"categoryId\":3,\"status\":\"available\"}";

    @Test
    void a_retry_with_the_same_key_and_body_replays_the_original_201() {
        // given
        ApiClient.Response first = post("order-1", REX);

        // when
        ApiClient.Response retry = post("order-1", REX);

        // then the same response again, marked as a replay, and a single pet
        assertThat(first.status()).isEqualTo(201);
        assertThat(first.header("Idempotent-Replayed")).isEmpty();
        assertThat(retry.status()).isEqualTo(201);
        assertThat(retry.text()).isEqualTo(first.text());
        assertThat(retry.header("Location")).isEqualTo(first.header("Location")).isPresent();
        assertThat(retry.header("Idempotent-Replayed")).contains("true");
        assertThat(catalogue.count()).isEqualTo(1);
    }

    static Stream<String> the_same_pet_spelled_otherwise() {
        return Stream.of(
                "{\"status\":\"available\",\"categoryId\":3,\"name\":\"Rex\"}",
                " {\n  \"name\" : \"Rex\", \"categoryId\" : 3, \"status\" : \"available\" }\n",
                "{\"name\":\"R\\u0065x\",\"categoryId\":3,\"status\":\"available\"}",
                "{\"name\":\"Rex\",\"categoryId\":3,\"status\":\"available\",\"colour\":\"brown\"}");
    }

    @ParameterizedTest
    @MethodSource("the_same_pet_spelled_otherwise")
    void a_retry_describing_the_same_pet_in_other_json_is_the_same_request(String sameBody) {
        ApiClient.Response first = post("order-2", REX);

        ApiClient.Response retry = post("order-2", sameBody);

        assertThat(retry.status()).isEqualTo(201);
        assertThat(retry.text()).isEqualTo(first.text());
        assertThat(catalogue.count()).isEqualTo(1);
    }

    @Test
    void a_quoted_key_and_the_bare_key_are_the_same_key() {
        ApiClient.Response first = post("order-3", REX);

        ApiClient.Response retry = post("\"order-3\"", REX);

        assertThat(retry.text()).isEqualTo(first.text());
        assertThat(retry.header("Idempotent-Replayed")).contains("true");
    }

    @Test
    void the_same_key_with_another_body_is_422_and_adds_nothing() {
        post("order-4", REX);

        ApiClient.Response response = post("order-4", "{\"name\":\"Max\",\"categoryId\":3,\"status\":\"available\"}");

        assertError(response, 422, "idempotency_key_reused");
        assertThat(catalogue.count()).isEqualTo(1);
    }

    @Test
    void keys_are_scoped_to_the_api_key_that_sent_them() {
        ApiClient.Response mine = post("shared-key", REX);

        ApiClient.Response theirs = api.call("POST", "/v1/pets").header("Authorization", "Bearer " + ApiClient.ROTATED_KEY)
                .header("Content-Type", "application/json").header("Idempotency-Key", "shared-key").body(REX).send();

        assertThat(theirs.status()).isEqualTo(201);
        assertThat(theirs.header("Idempotent-Replayed")).isEmpty();
        assertThat(theirs.json().get("id").getLongValue()).isNotEqualTo(mine.json().get("id").getLongValue());
    }

    @Test
    void without_the_header_every_post_adds_a_pet() {
        api.postJson("/v1/pets", REX);
        api.postJson("/v1/pets", REX);

        assertThat(catalogue.count()).isEqualTo(2);
        assertThat(catalogue.idempotencyKeyCount()).isZero();
    }

    static Stream<String> invalid_keys() {
        return Stream.of("", "x".repeat(256), "two words", "\"unterminated", "\"bad\\escape\"", "tab\there", "\"\"",
                "\"" + "x".repeat(256) + "\"", "\"inner\"quote\"");
    }

    @ParameterizedTest
    @MethodSource("invalid_keys")
    void rejects_a_key_that_is_not_1_to_255_visible_ascii_characters(String key) {
        // The document's pattern says so too: the contract check fails the call if the document accepted the key.
        ApiClient.Response response = api.call("POST", "/v1/pets").header("Content-Type", "application/json")
                .header("Idempotency-Key", key).body(REX).send();

        assertError(response, 400, "invalid_request");
        assertThat(catalogue.count()).isZero();
    }

    static Stream<String> longest_keys() {
        return Stream.of("k".repeat(255), "\"" + "k".repeat(255) + "\"", "\"" + "\\\\".repeat(200) + "\"",
                "\"" + "\\\"".repeat(255) + "\"", "a\"b\\c");
    }

    @ParameterizedTest
    @MethodSource("longest_keys")
    void accepts_keys_of_255_characters_bare_or_quoted_with_every_character_escaped(String key) {
        // The contract check fails the call if the document refuses a key the service accepts.
        ApiClient.Response first = post(key, REX);
        ApiClient.Response retry = post(key, REX);

        assertThat(first.status()).isEqualTo(201);
        assertThat(retry.header("Idempotent-Replayed")).contains("true");
    }

    @Test
    void rejects_a_key_given_twice() {
        ApiClient.Response response = api.call("POST", "/v1/pets").header("Content-Type", "application/json")
                .header("Idempotency-Key", "a").header("Idempotency-Key", "b").body(REX).send();

        assertError(response, 400, "invalid_request");
        assertThat(catalogue.count()).isZero();
    }

    @Test
    void an_invalid_body_does_not_use_up_the_key() {
        assertError(post("order-5", "{\"name\":\"\",\"categoryId\":3}"), 400, "invalid_request");

        ApiClient.Response valid = post("order-5", REX);

        assertThat(valid.status()).isEqualTo(201);
        assertThat(valid.header("Idempotent-Replayed")).isEmpty();
    }

    @Test
    void a_retry_while_the_first_request_is_still_in_flight_is_409() throws Exception {
        ApiClient.Response inFlightAnswer;
        CompletableFuture<ApiClient.Response> first;
        try (TestCatalogue.PetInsertHold slowDatabase = catalogue.holdPetInserts()) {
            // given a first request stuck inserting its pet
            first = CompletableFuture.supplyAsync(() -> post("order-6", REX));
            slowDatabase.awaitAWaitingInsert();

            // when the client retries meanwhile
            inFlightAnswer = post("order-6", REX);
        }

        // then the retry is told to come back later, and the first request still completes
        assertError(inFlightAnswer, 409, "idempotency_key_in_use");
        ApiClient.Response created = first.get(10, TimeUnit.SECONDS);
        assertThat(created.status()).isEqualTo(201);
        assertThat(post("order-6", REX).text()).isEqualTo(created.text());
        assertThat(catalogue.count()).isEqualTo(1);
    }

    @Test
    void many_simultaneous_requests_with_one_key_add_exactly_one_pet() throws Exception {
        // given requests released together with the same key and body
        int requests = 8;
        CountDownLatch go = new CountDownLatch(1);
        List<Callable<ApiClient.Response>> calls = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            calls.add(() -> {
                go.await(10, TimeUnit.SECONDS);
                return post("order-7", REX);
            });
        }

        // when
        List<ApiClient.Response> responses = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(requests)) {
            List<Future<ApiClient.Response>> futures = calls.stream().map(threads::submit).toList();
            go.countDown();
            for (Future<ApiClient.Response> future : futures) {
                responses.add(future.get(30, TimeUnit.SECONDS));
            }
        }

        // then one pet; every 201 shows that pet, every other answer is a 409
        assertThat(catalogue.count()).isEqualTo(1);
        String pet = post("order-7", REX).text();
        for (ApiClient.Response response : responses) {
            if (response.status() == 201) {
                assertThat(response.text()).isEqualTo(pet);
            } else {
                assertError(response, 409, "idempotency_key_in_use");
            }
        }
        assertThat(responses).filteredOn(response -> response.status() == 201 && response.header("Idempotent-Replayed").isEmpty()).hasSize(1);
    }

    @Test
    void a_key_is_remembered_for_24_hours() {
        ApiClient.Response first = post("order-8", REX);
        CLOCK.advance(Duration.ofHours(24).minusSeconds(1));

        assertThat(post("order-8", REX).text()).isEqualTo(first.text());
        assertError(post("order-8", "{\"name\":\"Max\",\"categoryId\":3}"), 422, "idempotency_key_reused");
    }

    @Test
    void after_24_hours_the_key_is_free_again() {
        ApiClient.Response first = post("order-9", REX);
        CLOCK.advance(Duration.ofHours(24));

        ApiClient.Response again = post("order-9", "{\"name\":\"Max\",\"categoryId\":3}");

        assertThat(again.status()).isEqualTo(201);
        assertThat(again.json().get("id").getLongValue()).isNotEqualTo(first.json().get("id").getLongValue());
        assertThat(catalogue.count()).isEqualTo(2);
    }

    private ApiClient.Response post(String idempotencyKey, String body) {
        return api.call("POST", "/v1/pets").header("Content-Type", "application/json").header("Idempotency-Key", idempotencyKey)
                .body(body).send();
    }
}
