package org.animalstore.bootstrap;

import io.micronaut.management.endpoint.annotation.Delete;
import io.micronaut.management.endpoint.annotation.Endpoint;
import java.util.Map;
import org.animalstore.application.PetCache;

/**
 * {@code DELETE /cache} on the management port, with an API key: this instance forgets every pet and page it
 * remembers, so rows an operator changed by hand are served at once (docs/operations.md, Cache). Answers how
 * many entries it forgot.
 */
@Endpoint(id = "cache", defaultEnabled = false)
final class CatalogueCacheEndpoint {

    private final PetCache cache;

    CatalogueCacheEndpoint(PetCache cache) {
        this.cache = cache;
    }

    @Delete
    public Map<String, Integer> forget() {
        int remembered = cache.size();
        cache.forget();
        return Map.of("forgotten", remembered);
    }
}
