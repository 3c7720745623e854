package org.animalstore.adapters.rest.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.http.filter.ServerFilterPhase;
import org.junit.jupiter.api.Test;

class TrailingSlashFilterTest {

    @Test
    void runs_right_after_authentication() {
        assertThat(TrailingSlashFilter.ORDER).isEqualTo(ServerFilterPhase.SECURITY.after());
    }
}
