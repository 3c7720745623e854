package org.animalstore.adapters.rest.pet;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Status;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.animalstore.adapters.rest.deprecation.GetPetDeprecation;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetPage;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.port.in.AddPetOnceUseCase;
import org.animalstore.domain.port.in.AddPetUseCase;
import org.animalstore.domain.port.in.GetPetUseCase;
import org.animalstore.domain.port.in.ListPetsUseCase;

/**
 * The pets resource. Storage calls block, so requests run off the event loop, on the catalogue's
 * workers: one platform thread per pooled connection, first come first served ({@link WorkerQueue}).
 */
@Controller("/v1/pets")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(WorkerQueue.EXECUTOR)
final class PetController implements PetsApi {

    private static final Pattern DECIMAL_INTEGER = Pattern.compile("-?[0-9]+");

    private final ListPetsUseCase listPets;
    private final AddPetUseCase addPet;
    private final AddPetOnceUseCase addPetOnce;
    private final GetPetUseCase getPet;
    private final PageCursors cursors;
    private final GetPetDeprecation getPetDeprecation;
    private final WorkerQueue workerQueue;

    PetController(ListPetsUseCase listPets, AddPetUseCase addPet, AddPetOnceUseCase addPetOnce, GetPetUseCase getPet,
                  PageCursors cursors, GetPetDeprecation getPetDeprecation, WorkerQueue workerQueue) {
        this.listPets = listPets;
        this.addPet = addPet;
        this.addPetOnce = addPetOnce;
        this.getPet = getPet;
        this.cursors = cursors;
        this.getPetDeprecation = getPetDeprecation;
        this.workerQueue = workerQueue;
    }

    @Get(produces = MediaType.APPLICATION_JSON)
    @Override
    public HttpResponse<List<PetResponse>> listPets(HttpRequest<?> request) {
        PetQuery query = PetListingParameters.toQuery(request.getUri().getRawQuery(), cursors);
        workerQueue.leave(request);
        PetPage page = listPets.listPets(query);
        MutableHttpResponse<List<PetResponse>> response = HttpResponse.ok(page.pets().stream().map(PetJsonMapper::toResponse).toList());
        page.nextAfter().ifPresent(next -> response.header(HttpHeaders.LINK, PetListingParameters.nextLink(query, next, cursors)));
        return response;
    }

    @Post(consumes = MediaType.APPLICATION_JSON, produces = MediaType.APPLICATION_JSON)
    @Status(HttpStatus.CREATED) // else micronaut-openapi adds a 200 response to the inherited ones
    @Override
    public HttpResponse<PetResponse> createPet(HttpRequest<?> request, @Body @Nullable byte[] body, Authentication caller) {
        requireJsonInUtf8(request);
        Optional<IdempotencyKey> key = IdempotencyKeyHeader.read(request.getHeaders().getAll(IdempotencyKeyHeader.NAME))
                .map(value -> new IdempotencyKey(caller.getName(), value));
        NewPet newPet = PetJsonMapper.toNewPet(NewPetJsonReader.read(body));
        workerQueue.leave(request);
        if (key.isEmpty()) {
            return created(addPet.addPet(newPet));
        }
        return switch (addPetOnce.addPet(key.get(), newPet)) {
            case IdempotentAddition.Added added -> created(added.pet());
            case IdempotentAddition.Replayed replayed -> created(replayed.pet()).header(IdempotencyKeyHeader.REPLAYED, "true");
            case IdempotentAddition.KeyReused _ -> throw new ApiException(ErrorCode.IDEMPOTENCY_KEY_REUSED,
                    "This Idempotency-Key was already used with a different request body: use a new key for a new pet");
            case IdempotentAddition.InProgress _ -> throw new ApiException(ErrorCode.IDEMPOTENCY_KEY_IN_USE,
                    "A request with this Idempotency-Key is still being processed: retry once it has completed");
        };
    }

    /** The router lets a request without Content-Type through, and ignores the charset: JSON is UTF-8 (RFC 8259). */
    private static void requireJsonInUtf8(HttpRequest<?> request) {
        MediaType type = request.getContentType().orElseThrow(
                () -> new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "The request body must be sent as application/json"));
        String charset = type.getParameters().get("charset").map(value -> value.replace("\"", "")).orElse("utf-8");
        if (!charset.equalsIgnoreCase("utf-8")) {
            throw new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "JSON is sent in UTF-8: no other charset is accepted");
        }
    }

    private static MutableHttpResponse<PetResponse> created(Pet pet) {
        return HttpResponse.created(PetJsonMapper.toResponse(pet)).header(HttpHeaders.LOCATION, "/v1/pets/" + pet.id().value());
    }

    /** @deprecated scheduled for removal on 5 December 2030; use {@code GET /v1/pets} with a status filter. */
    @Deprecated(since = "1.0.0")
    @Get(uri = "/{petId:[^/]+}", produces = MediaType.APPLICATION_JSON)
    @Override
    public HttpResponse<PetResponse> getPet(HttpRequest<?> request, Authentication caller, @PathVariable String petId) {
        getPetDeprecation.admit(request, caller.getName());
        long id = parsePetId(petId);
        if (id < 1) {
            throw notFound(petId);
        }
        workerQueue.leave(request);
        return getPet.getPet(new PetId(id))
                .map(pet -> HttpResponse.ok(PetJsonMapper.toResponse(pet)))
                .orElseThrow(() -> notFound(petId));
    }

    private static long parsePetId(String petId) {
        if (!DECIMAL_INTEGER.matcher(petId).matches()) {
            throw ApiException.invalidRequest("petId must be an integer");
        }
        try {
            return Long.parseLong(petId);
        } catch (NumberFormatException e) {
            throw ApiException.invalidRequest("petId must be a 64-bit integer (at most 9223372036854775807)");
        }
    }

    private static ApiException notFound(String petId) {
        return new ApiException(ErrorCode.NOT_FOUND, "No pet with id " + petId);
    }
}
