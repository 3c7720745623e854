package org.animalstore.bootstrap;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import java.time.Duration;
import org.animalstore.application.PetCache;

/**
 * What each instance remembers of the catalogue ({@link PetCache}, docs/operations.md, Cache), from
 * {@code petstore.cache.*} (environment variables {@code PETSTORE_CACHE_PETS}, {@code PETSTORE_CACHE_PET_TTL},
 * {@code PETSTORE_CACHE_PAGES}, {@code PETSTORE_CACHE_PAGE_TTL}). A size of 0 turns that part off.
 */
@ConfigurationProperties("petstore.cache")
public record PetCacheConfiguration(
        @Bindable(defaultValue = "200000") int pets,
        @Bindable(defaultValue = "10m") Duration petTtl,
        @Bindable(defaultValue = "1000") int pages,
        @Bindable(defaultValue = "1s") Duration pageTtl) {

    PetCache.Settings settings() {
        return new PetCache.Settings(pets, petTtl, pages, pageTtl);
    }
}
