package org.animalstore.adapters.rest.contract;

import static org.animalstore.adapters.rest.contract.AdapterCalls.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.annotation.MockBean;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.http.HttpResponse;
import org.animalstore.domain.port.in.ListPetsUseCase;
import org.animalstore.domain.port.out.StorageUnavailableException;
import org.junit.jupiter.api.Test;

/** Storage out of reach is a temporary condition the adapter answers with 503 and a hint to retry, never a 500. */
@MicronautTest(transactional = false)
class StorageUnavailableHttpRulesTest {

    @Inject
    EmbeddedServer server;

    @MockBean(ListPetsUseCase.class)
    ListPetsUseCase unreachableStorage() {
        return query -> {
            throw new StorageUnavailableException("connection refused", null);
        };
    }

    @Test
    void answers_503_with_retry_after_when_storage_is_out_of_reach() {
        HttpResponse<String> response = new AdapterCalls(server.getURI()).get("/v1/pets");

        assertError(response, 503, "service_unavailable");
        assertThat(response.headers().firstValue("Retry-After")).hasValue("2");
        assertThat(response.body()).doesNotContain("connection refused", "Exception");
    }
}
