package org.animalstore.adapters.rest.pet;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpResponse;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.Pet;

/** What {@code POST /v1/pets} answers for an addition, with or without an Idempotency-Key. */
final class CreatedPetResponses {

    private CreatedPetResponses() {
    }

    /** 201, the stored pet and its {@code Location}. */
    static MutableHttpResponse<PetResponse> of(Pet pet) {
        return HttpResponse.created(PetJsonMapper.toResponse(pet)).header(HttpHeaders.LOCATION, "/v1/pets/" + pet.id().value());
    }

    /** A replay is the first request's 201, marked; a key reused or still in use is refused. */
    static MutableHttpResponse<PetResponse> of(IdempotentAddition addition) {
        return switch (addition) {
            case IdempotentAddition.Added added -> of(added.pet());
            case IdempotentAddition.Replayed replayed -> of(replayed.pet()).header(IdempotencyKeyHeader.REPLAYED, "true");
            case IdempotentAddition.KeyReused _ -> throw new ApiException(ErrorCode.IDEMPOTENCY_KEY_REUSED,
                    "This Idempotency-Key was already used with a different request body: use a new key for a new pet");
            case IdempotentAddition.InProgress _ -> throw new ApiException(ErrorCode.IDEMPOTENCY_KEY_IN_USE,
                    "A request with this Idempotency-Key is still being processed: retry once it has completed");
        };
    }
}
