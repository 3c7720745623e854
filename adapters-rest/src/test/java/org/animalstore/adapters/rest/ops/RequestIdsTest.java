package org.animalstore.adapters.rest.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RequestIdsTest {

    @Test
    void generates_distinct_version_4_uuids_of_the_rfc_variant() {
        // when
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            ids.add(RequestIds.acceptOrGenerate(null));
        }

        // then
        assertThat(ids).hasSize(10_000).allSatisfy(id -> {
            UUID uuid = UUID.fromString(id);
            assertThat(uuid.version()).isEqualTo(4);
            assertThat(uuid.variant()).isEqualTo(2);
            assertThat(uuid.toString()).isEqualTo(id);
        });
    }

    @Test
    void keeps_a_safe_id_and_replaces_one_that_could_forge_a_log_line() {
        assertThat(RequestIds.acceptOrGenerate("order-42.retry:1")).isEqualTo("order-42.retry:1");
        assertThat(RequestIds.acceptOrGenerate("a\nforged line")).isNotEqualTo("a\nforged line").hasSize(36);
    }
}
