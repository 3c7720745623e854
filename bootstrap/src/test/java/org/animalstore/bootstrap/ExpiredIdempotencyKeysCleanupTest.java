package org.animalstore.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.time.Duration;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ClockedApiTestBase;
import org.junit.jupiter.api.Test;

/** The scheduled job that forgets expired Idempotency-Keys (beside its package-private class). */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class ExpiredIdempotencyKeysCleanupTest extends ClockedApiTestBase {

    private static final String REX = "{\"name\":\"Rex\",\"categoryId\":3,\"status\":\"available\"}";

    @Inject
    ExpiredIdempotencyKeysCleanup cleanup;

    @Test
    void the_cleanup_forgets_expired_keys_and_keeps_live_ones() {
        // given one key that expires and one made an hour later
        post("old", REX);
        CLOCK.advance(Duration.ofHours(1));
        ApiClient.Response live = post("young", REX);
        CLOCK.advance(Duration.ofHours(23));

        // when
        int forgotten = cleanup.forgetExpiredKeys();

        // then
        assertThat(forgotten).isEqualTo(1);
        assertThat(catalogue.idempotencyKeyCount()).isEqualTo(1);
        assertThat(post("young", REX).text()).isEqualTo(live.text());
        assertThat(catalogue.count()).isEqualTo(2);
    }

    private ApiClient.Response post(String idempotencyKey, String body) {
        return api.call("POST", "/v1/pets").header("Content-Type", "application/json").header("Idempotency-Key", idempotencyKey)
                .body(body).send();
    }
}
