package org.animalstore.application;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetPage;
import org.animalstore.domain.model.PetQuery;

/**
 * What this instance remembers of the catalogue, bounded in size and in age. No operation changes a stored
 * pet, so a pet read is served from memory for {@code petTtl}: that is also how long an operator's fix to a
 * row by hand takes to show. Once more distinct pets were read than memory holds, a pet is kept only on its
 * second read ({@link Sightings}), so pets read once do not push out those read again. A page is served
 * from memory for {@code pageTtl} counted from the moment its query started, so pets added through other
 * instances show in lists within that bound; a pet added through this instance drops, at once, every
 * remembered page it would belong to. Nothing absent is remembered: a pet not found is looked up again every
 * time, and a pet added is remembered once it is read.
 */
public final class PetCache {

    /** Capacities (below 2 turns that part off) and ages; see the class comment. */
    public record Settings(int maxPets, Duration petTtl, int maxPages, Duration pageTtl) {
        public Settings {
            if (maxPets < 0 || maxPages < 0) {
                throw new IllegalArgumentException("cache sizes must not be negative");
            }
            if (petTtl.isNegative() || pageTtl.isNegative()) {
                throw new IllegalArgumentException("cache ages must not be negative");
            }
        }

        public static Settings off() {
            return new Settings(0, Duration.ZERO, 0, Duration.ZERO);
        }
    }

    /** Taken before a page's query: when it started, and how many additions this instance had made by then. */
    public record PageLoad(long startedNanos, long additionsBefore) {
    }

    private record Remembered<T>(T value, long expiresNanos) {
    }

    /** Answers given from memory (hits) and reads of storage (misses) since the start, for pets by id and for pages. */
    public record Lookups(long petHits, long petMisses, long pageHits, long pageMisses) {
    }

    private final BoundedMemory<PetId, Remembered<Pet>> pets;
    private final Sightings sightings;
    private final BoundedMemory<PetQuery, Remembered<PetPage>> pages;
    private final long petTtlNanos;
    private final long pageTtlNanos;
    private final LongSupplier nanoTime;
    private final AtomicLong additions = new AtomicLong();
    private final LongAdder petHits = new LongAdder();
    private final LongAdder petMisses = new LongAdder();
    private final LongAdder pageHits = new LongAdder();
    private final LongAdder pageMisses = new LongAdder();

    public PetCache(Settings settings) {
        this(settings, System::nanoTime);
    }

    PetCache(Settings settings, LongSupplier nanoTime) {
        this.petTtlNanos = settings.maxPets() < 2 ? 0 : settings.petTtl().toNanos();
        this.pageTtlNanos = settings.maxPages() < 2 ? 0 : settings.pageTtl().toNanos();
        this.pets = petTtlNanos > 0 ? new BoundedMemory<>(settings.maxPets(), true) : null;
        this.sightings = petTtlNanos > 0 ? new Sightings(settings.maxPets()) : null;
        // Pages are never copied between generations: a copy could escape the scan that drops stale ones.
        this.pages = pageTtlNanos > 0 ? new BoundedMemory<>(settings.maxPages(), false) : null;
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    }

    public Optional<Pet> pet(PetId id) {
        return pets == null ? Optional.empty() : counted(fresh(pets.get(id)), petHits);
    }

    /**
     * Remembers a pet read from storage. Once more distinct pets were read than memory holds, only a pet read
     * before (or held already, to follow storage): until then every pet fits, and admitting all warms up faster.
     * A pet held as read changes nothing, so lists walking remembered pets neither push out others nor churn
     * the heap with entries that replace equal ones.
     */
    public void remember(Pet pet) {
        rememberShared(pet);
    }

    /** Remembers {@code pet} as {@link #remember(Pet)} does; returns the instance memory holds for it, or {@code pet}. */
    private Pet rememberShared(Pet pet) {
        if (pets == null) {
            return pet;
        }
        Remembered<Pet> held = pets.peek(pet.id());
        if (held != null && held.value().equals(pet) && fresh(held).isPresent()) {
            return held.value();
        }
        if (held != null || sightings.seenBefore(pet.id().value()) || !sightings.overflowed()) {
            pets.put(pet.id(), new Remembered<>(pet, nanoTime.getAsLong() + petTtlNanos));
        }
        return pet;
    }

    /** Forgets one pet, which storage no longer holds (removed by hand). */
    public void forget(PetId id) {
        if (pets != null) {
            pets.remove(id);
        }
    }

    public Optional<PetPage> page(PetQuery query) {
        return pages == null ? Optional.empty() : counted(fresh(pages.get(query)), pageHits);
    }

    /** Call before a page is read from storage; counts a page lookup memory could not answer. */
    public PageLoad startPageLoad() {
        pageMisses.increment();
        return new PageLoad(nanoTime.getAsLong(), additions.get());
    }

    /** Call before a pet is read from storage; counts a pet lookup memory could not answer. */
    public void startPetLoad() {
        petMisses.increment();
    }

    /**
     * Keeps a page loaded since {@code load}, unless this instance added a pet meanwhile (it might be missing).
     * The page kept refers to the pets memory holds where they are the same: the page's own copies then die
     * young, instead of outliving a few collections in memory and being promoted to the old generation.
     */
    public void remember(PetQuery query, PetPage page, PageLoad load) {
        List<Pet> shared = page.pets().stream().map(this::rememberShared).toList();
        if (pages == null || additions.get() != load.additionsBefore()) {
            return;
        }
        Remembered<PetPage> entry = new Remembered<>(new PetPage(shared, page.nextAfter()), load.startedNanos() + pageTtlNanos);
        pages.put(query, entry);
        // An addition that counted after the check above may have scanned before the put: take it back.
        if (additions.get() != load.additionsBefore()) {
            pages.remove(query, entry);
        }
    }

    /**
     * Call once a pet this instance added is committed: no stale page hides it. The pet itself is not remembered
     * (write-around): creates would push out the pets readers ask for, and a new pet is found in storage anyway.
     */
    public void added(Pet pet) {
        additions.incrementAndGet();
        if (pages != null) {
            pages.removeIf((query, entry) -> wouldHold(query, entry.value(), pet));
        }
    }

    /** Forgets everything, for when rows were changed by hand and must show at once. */
    public void forget() {
        additions.incrementAndGet(); // pages being loaded now may hold what was there before
        if (pets != null) {
            pets.clear();
        }
        if (pages != null) {
            pages.clear();
        }
    }

    public Lookups lookups() {
        return new Lookups(petHits.sum(), petMisses.sum(), pageHits.sum(), pageMisses.sum());
    }

    /** How many pets and pages are remembered now, expired ones included until they are dropped. */
    public int size() {
        return (pets == null ? 0 : pets.size()) + (pages == null ? 0 : pages.size());
    }

    /** Whether a remembered page would have to show this pet: it matches the filter and falls in its id range. */
    private static boolean wouldHold(PetQuery query, PetPage page, Pet pet) {
        long id = pet.id().value();
        return (query.status().isEmpty() || query.status().equals(pet.status()))
                && query.after().map(after -> after.value() < id).orElse(true)
                && page.nextAfter().map(last -> id <= last.value()).orElse(true);
    }

    private static <T> Optional<T> counted(Optional<T> found, LongAdder hits) {
        if (found.isPresent()) {
            hits.increment();
        }
        return found;
    }

    private <T> Optional<T> fresh(Remembered<T> entry) {
        return entry == null || nanoTime.getAsLong() - entry.expiresNanos() >= 0 ? Optional.empty() : Optional.of(entry.value());
    }
}
