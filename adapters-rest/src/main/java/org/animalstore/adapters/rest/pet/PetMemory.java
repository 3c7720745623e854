package org.animalstore.adapters.rest.pet;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetPage;
import org.animalstore.domain.model.PetQuery;

/**
 * What this instance remembers of the catalogue, as clients get it: a pet's JSON by id, a page's body and its
 * {@code Link}, in Caffeine (ADR 0053). A pet is served for {@code petstore.cache.pet-ttl} (no operation changes
 * one), a page for {@code petstore.cache.page-ttl} from when its query started; a pet added through this instance
 * drops at once every remembered page it would belong to. A pet not found is never remembered. A size below 2
 * turns that part off (docs/operations.md, Cache); its meters are in docs/observability.md.
 */
@Context // settings out of range stop the service at startup
public final class PetMemory implements MeterBinder {

    /** A page as sent: its body, its {@code Link} (null on the last page), its last id when a next page exists. */
    record Page(byte[] body, @Nullable String link, long nextAfter, long startedNanos) {
    }

    private static final Argument<PetResponse> PET = Argument.of(PetResponse.class);
    private static final Argument<List<PetResponse>> PETS = Argument.listOf(PetResponse.class);

    private final Cache<Long, byte[]> pets;
    private final Cache<PetQuery, Page> pages;
    private final boolean petsOn;
    private final boolean pagesOn;
    private final AtomicLong additions = new AtomicLong();
    private final JsonMapper json;
    private final PageCursors cursors;

    PetMemory(@Value("${petstore.cache.pets:200000}") int maxPets, @Value("${petstore.cache.pet-ttl:10m}") Duration petTtl,
              @Value("${petstore.cache.pages:1000}") int maxPages, @Value("${petstore.cache.page-ttl:1s}") Duration pageTtl,
              JsonMapper json, PageCursors cursors) {
        if (maxPets < 0 || maxPages < 0 || petTtl.isNegative() || pageTtl.isNegative()) {
            throw new IllegalArgumentException("cache sizes and ages must not be negative");
        }
        this.petsOn = maxPets >= 2 && !petTtl.isZero();
        this.pagesOn = maxPages >= 2 && !pageTtl.isZero();
        this.pets = Caffeine.newBuilder().maximumSize(maxPets).expireAfterWrite(petTtl).recordStats().build();
        // A page ages from when its query started, not from when it was stored.
        this.pages = Caffeine.newBuilder().maximumSize(maxPages).recordStats().<PetQuery, Page>expireAfter(Expiry.writing(
                (query, page) -> Duration.ofNanos(Math.max(0, page.startedNanos() + pageTtl.toNanos() - System.nanoTime())))).build();
        this.json = json;
        this.cursors = cursors;
    }

    @Nullable
    byte[] pet(PetId id) {
        return pets.getIfPresent(id.value());
    }

    /** The pet's JSON as storage holds it now ({@code load} blocks), remembered; empty, and forgotten, when there is none. */
    Optional<byte[]> loadPet(PetId id, Function<PetId, Optional<Pet>> load) {
        Optional<byte[]> found = load.apply(id).map(pet -> encode(PetResponse.of(pet), PET));
        found.ifPresentOrElse(body -> {
            if (petsOn) {
                pets.put(id.value(), body);
            }
        }, () -> pets.invalidate(id.value()));
        return found;
    }

    @Nullable
    Page page(PetQuery query) {
        return pages.getIfPresent(query);
    }

    /** The page as storage holds it now ({@code load} blocks), kept unless this instance added a pet meanwhile. */
    Page loadPage(PetQuery query, Function<PetQuery, PetPage> load) {
        long additionsBefore = additions.get();
        long started = System.nanoTime();
        PetPage loaded = load.apply(query);
        Page page = new Page(encode(loaded.pets().stream().map(PetResponse::of).toList(), PETS),
                loaded.nextAfter().map(next -> cursors.nextLink(query, next)).orElse(null),
                loaded.nextAfter().map(PetId::value).orElse(Long.MAX_VALUE), started);
        if (pagesOn && additions.get() == additionsBefore) {
            pages.put(query, page);
            // An addition counted after the check may have scanned before the put: take the page back.
            if (additions.get() != additionsBefore) {
                pages.asMap().remove(query, page);
            }
        }
        return page;
    }

    /** Call once a pet this instance added is committed: no page hides it. The pet is not remembered (write-around). */
    void added(Pet pet) {
        additions.incrementAndGet();
        long id = pet.id().value();
        pages.asMap().entrySet().removeIf(entry -> {
            PetQuery query = entry.getKey();
            return (query.status().isEmpty() || query.status().equals(pet.status()))
                    && query.after().map(after -> after.value() < id).orElse(true)
                    && id <= entry.getValue().nextAfter();
        });
    }

    /** Forgets everything, for when rows were changed by hand and must show at once; answers how much it forgot. */
    public long forget() {
        additions.incrementAndGet(); // pages being loaded now may hold what was there before
        long remembered = size();
        pets.invalidateAll();
        pages.invalidateAll();
        return remembered;
    }

    /** Pets and pages remembered now (Caffeine's estimate). */
    public long size() {
        return pets.estimatedSize() + pages.estimatedSize();
    }

    /** Micrometer's {@code cache_*} series of {@code pets} and {@code pages}, and the {@code animalstore_cache_*} ones. */
    @Override
    public void bindTo(MeterRegistry registry) {
        CaffeineCacheMetrics.monitor(registry, pets, "pets");
        CaffeineCacheMetrics.monitor(registry, pages, "pages");
        lookups(registry, "pet", pets);
        lookups(registry, "page", pages);
        Gauge.builder("animalstore.cache.entries", this, PetMemory::size)
                .description("Pets and pages the instance remembers now").register(registry);
    }

    private static void lookups(MeterRegistry registry, String kind, Cache<?, ?> cache) {
        for (String result : List.of("hit", "miss")) {
            FunctionCounter.builder("animalstore.cache.lookups", cache, each -> result.equals("hit") ? each.stats().hitCount() : each.stats().missCount())
                    .description("Pet and page lookups answered from memory (hit) or read from the database (miss)")
                    .tags("kind", kind, "result", result).register(registry);
        }
    }

    private <T> byte[] encode(T value, Argument<T> type) {
        try {
            return json.writeValueAsBytes(type, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
