package org.animalstore.bootstrap;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import org.animalstore.application.IdempotentAdditionService;
import org.animalstore.application.PetCatalogueService;
import org.animalstore.application.RateLimitService;
import org.animalstore.domain.model.Quotas;
import org.animalstore.domain.port.out.AddPetOncePort;
import org.animalstore.domain.port.out.AddPetPort;
import org.animalstore.domain.port.out.ForgetExpiredIdempotencyKeysPort;
import org.animalstore.domain.port.out.LoadPetsPort;
import org.animalstore.domain.port.out.ShareRequestCountsPort;

/** Wires the framework-free application layer to whichever storage adapter is on the classpath. */
@Factory
class CatalogueFactory {

    @Singleton
    PetCatalogueService petCatalogue(LoadPetsPort loadPets, AddPetPort addPet) {
        return new PetCatalogueService(loadPets, addPet);
    }

    /** Eager, so a retention that is not positive stops the service at startup. */
    @Context
    IdempotentAdditionService idempotentAddition(AddPetOncePort storage, ForgetExpiredIdempotencyKeysPort expiredKeys, Clock clock,
                                                 @Value("${petstore.idempotency.ttl}") Duration retention) {
        return new IdempotentAdditionService(storage, expiredKeys, clock, retention);
    }

    @Singleton
    Quotas quotas(RateLimitConfiguration configuration) {
        return configuration.quotas();
    }

    /** One per process: its counts are told apart from the other instances' by a name of its own. */
    @Singleton
    RateLimitService rateLimits(Quotas quotas, ShareRequestCountsPort storage, Clock clock) {
        return new RateLimitService(quotas, storage, clock, ProcessHandle.current().pid() + "-" + UUID.randomUUID());
    }

    /** The one clock every time-based rule reads (key expiry, the deprecated operation's sunset); tests replace it. */
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }
}
