package org.animalstore.bootstrap;

import io.micronaut.management.endpoint.annotation.Delete;
import io.micronaut.management.endpoint.annotation.Endpoint;
import java.util.Map;
import org.animalstore.adapters.rest.pet.PetMemory;

/**
 * {@code DELETE /cache} on the management port, with an API key: this instance forgets every pet and page it remembers
 * and answers how many, so rows an operator changed by hand are served at once (docs/operations.md, Cache).
 */
@Endpoint(id = "cache", defaultEnabled = false)
final class CatalogueCacheEndpoint {

    private final PetMemory memory;

    CatalogueCacheEndpoint(PetMemory memory) {
        this.memory = memory;
    }

    @Delete
    public Map<String, Long> forget() {
        return Map.of("forgotten", memory.forget());
    }
}
