package org.animalstore.bootstrap;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import jakarta.inject.Singleton;
import java.util.function.ToLongFunction;
import org.animalstore.application.PetCache;

/**
 * The cache in the metrics (docs/operations.md, Metrics): {@code animalstore_cache_lookups_total} by {@code kind}
 * ({@code pet}, {@code page}) and {@code result} ({@code hit}: answered from memory, {@code miss}: read from
 * the database), and {@code animalstore_cache_entries}, what is remembered now; enough to size the cache.
 */
@Singleton
final class PetCacheMetrics implements MeterBinder {

    private final PetCache cache;

    PetCacheMetrics(PetCache cache) {
        this.cache = cache;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        lookups(registry, "pet", "hit", PetCache.Lookups::petHits);
        lookups(registry, "pet", "miss", PetCache.Lookups::petMisses);
        lookups(registry, "page", "hit", PetCache.Lookups::pageHits);
        lookups(registry, "page", "miss", PetCache.Lookups::pageMisses);
        Gauge.builder("animalstore.cache.entries", cache, PetCache::size)
                .description("Pets and pages the instance remembers now, expired ones included until dropped")
                .register(registry);
    }

    private void lookups(MeterRegistry registry, String kind, String result, ToLongFunction<PetCache.Lookups> count) {
        FunctionCounter.builder("animalstore.cache.lookups", cache, each -> count.applyAsLong(each.lookups()))
                .description("Pet and page lookups answered from memory (hit) or read from the database (miss)")
                .tags("kind", kind, "result", result)
                .register(registry);
    }
}
