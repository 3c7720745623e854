package org.animalstore.adapters.rest.contract;

import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetPage;
import org.animalstore.domain.model.QuotaDecision;
import org.animalstore.domain.model.Quotas;
import org.animalstore.domain.port.in.AddPetOnceUseCase;
import org.animalstore.domain.port.in.AddPetUseCase;
import org.animalstore.domain.port.in.ConsumeQuotaUseCase;
import org.animalstore.domain.port.in.GetPetUseCase;
import org.animalstore.domain.port.in.ListPetsUseCase;
import org.animalstore.domain.port.out.InMemoryPetCatalogue;

/** The inbound ports over the domain's in-memory catalogue: enough of a service for the adapter's HTTP rules. */
@Factory
class InMemoryCatalogueFactory {

    /** How long an Idempotency-Key is remembered, as the service's default. */
    private static final Duration KEY_RETENTION = Duration.ofHours(24);

    @Singleton
    InMemoryPetCatalogue catalogue() {
        return new InMemoryPetCatalogue();
    }

    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    @Singleton
    AddPetUseCase addPet(InMemoryPetCatalogue catalogue) {
        return catalogue::addPets;
    }

    @Singleton
    GetPetUseCase getPet(InMemoryPetCatalogue catalogue) {
        return catalogue::loadPet;
    }

    /** A page and, when more pets match, where the next one starts: one pet more than asked tells. */
    @Singleton
    ListPetsUseCase listPets(InMemoryPetCatalogue catalogue) {
        return query -> {
            List<Pet> pets = catalogue.loadPets(query, query.limit() + 1);
            return pets.size() <= query.limit()
                    ? new PetPage(pets, Optional.empty())
                    : new PetPage(pets.subList(0, query.limit()), Optional.of(pets.get(query.limit() - 1).id()));
        };
    }

    @Singleton
    AddPetOnceUseCase addPetOnce(InMemoryPetCatalogue catalogue, Clock clock) {
        return (key, newPet) -> {
            Instant now = clock.instant();
            return catalogue.addPetOnce(key, newPet, now, now.plus(KEY_RETENTION));
        };
    }

    /** No key has a quota here: rate limits are tested end to end (bootstrap's RateLimitApiTest). */
    @Singleton
    Quotas quotas() {
        return new Quotas(Optional.empty(), Map.of());
    }

    @Singleton
    ConsumeQuotaUseCase consumeQuota() {
        return client -> new QuotaDecision.Unlimited();
    }
}
