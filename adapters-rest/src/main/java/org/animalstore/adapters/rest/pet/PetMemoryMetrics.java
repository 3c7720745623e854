package org.animalstore.adapters.rest.pet;

import com.github.benmanes.caffeine.cache.Cache;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import jakarta.inject.Singleton;
import java.util.List;

/**
 * {@link PetMemory} in the metrics (docs/observability.md): Micrometer's {@code cache_*} series for the caches
 * {@code pets} and {@code pages}, and the documented {@code animalstore_cache_lookups_total} by {@code kind}
 * ({@code pet}, {@code page}) and {@code result} ({@code hit}, {@code miss}) and {@code animalstore_cache_entries}.
 */
@Singleton
final class PetMemoryMetrics implements MeterBinder {

    private final PetMemory memory;

    PetMemoryMetrics(PetMemory memory) {
        this.memory = memory;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        CaffeineCacheMetrics.monitor(registry, memory.pets(), "pets");
        CaffeineCacheMetrics.monitor(registry, memory.pages(), "pages");
        lookups(registry, "pet", memory.pets());
        lookups(registry, "page", memory.pages());
        Gauge.builder("animalstore.cache.entries", memory, PetMemory::size)
                .description("Pets and pages the instance remembers now").register(registry);
    }

    private static void lookups(MeterRegistry registry, String kind, Cache<?, ?> cache) {
        for (String result : List.of("hit", "miss")) {
            FunctionCounter.builder("animalstore.cache.lookups", cache, each -> result.equals("hit") ? each.stats().hitCount() : each.stats().missCount())
                    .description("Pet and page lookups answered from memory (hit) or read from the database (miss)")
                    .tags("kind", kind, "result", result).register(registry);
        }
    }
}
