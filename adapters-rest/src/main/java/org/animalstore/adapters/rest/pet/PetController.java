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
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetPage;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.port.in.AddPetOnceUseCase;
import org.animalstore.domain.port.in.AddPetUseCase;
import org.animalstore.domain.port.in.GetPetUseCase;
import org.animalstore.domain.port.in.ListPetsUseCase;

/**
 * The pets resource ({@link PetsApi} documents it). Storage calls block, so requests run off the event
 * loop, on the catalogue's workers: one platform thread per pooled connection, first come first served,
 * each request refused once it waited too long for one ({@link WorkerQueue}). The deprecated operation's
 * headers, counting and sunset are {@code deprecation/}'s business.
 */
@Controller("/v1/pets")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(WorkerQueue.EXECUTOR)
@WorkerQueue.Bounded
class PetController implements PetsApi {

    private static final Pattern DECIMAL_INTEGER = Pattern.compile("-?[0-9]+");

    private final ListPetsUseCase listPets;
    private final AddPetUseCase addPet;
    private final AddPetOnceUseCase addPetOnce;
    private final GetPetUseCase getPet;
    private final PageCursors cursors;

    PetController(ListPetsUseCase listPets, AddPetUseCase addPet, AddPetOnceUseCase addPetOnce, GetPetUseCase getPet, PageCursors cursors) {
        this.listPets = listPets;
        this.addPet = addPet;
        this.addPetOnce = addPetOnce;
        this.getPet = getPet;
        this.cursors = cursors;
    }

    @Get(produces = MediaType.APPLICATION_JSON)
    @Override
    public HttpResponse<List<PetResponse>> listPets(HttpRequest<?> request) {
        PetQuery query = PetListingParameters.toQuery(request.getParameters(), cursors);
        PetPage page = listPets.listPets(query);
        MutableHttpResponse<List<PetResponse>> response = HttpResponse.ok(page.pets().stream().map(PetJsonMapper::toResponse).toList());
        page.nextAfter().ifPresent(next -> response.header(HttpHeaders.LINK, PetListingParameters.nextLink(query, next, cursors)));
        return response;
    }

    @Post(consumes = MediaType.APPLICATION_JSON, produces = MediaType.APPLICATION_JSON)
    @Status(HttpStatus.CREATED) // else micronaut-openapi adds a 200 response to the inherited ones
    @Override
    public HttpResponse<PetResponse> createPet(HttpRequest<?> request, @Body @Nullable byte[] body, Authentication caller) {
        NewPetJsonReader.requireJsonInUtf8(request.getContentType());
        Optional<IdempotencyKey> key = IdempotencyKeyHeader.read(request.getHeaders().getAll(IdempotencyKeyHeader.NAME))
                .map(value -> new IdempotencyKey(caller.getName(), value));
        NewPet pet = NewPetJsonReader.read(body);
        return key.isEmpty() ? CreatedPetResponses.of(addPet.addPet(pet)) : CreatedPetResponses.of(addPetOnce.addPetOnce(key.get(), pet));
    }

    /** @deprecated scheduled for removal on 5 December 2030; use {@code GET /v1/pets} with a status filter. */
    @Deprecated(since = "1.0.0")
    @Get(uri = "/{petId:[^/]+}", produces = MediaType.APPLICATION_JSON)
    @Override
    public HttpResponse<PetResponse> getPet(@PathVariable String petId) {
        return parsePetId(petId).flatMap(getPet::getPet)
                .map(pet -> HttpResponse.ok(PetJsonMapper.toResponse(pet)))
                .orElseThrow(() -> new ApiException(ErrorCode.NOT_FOUND, "No pet with id " + petId));
    }

    /** The id in the path; empty for ids below 1, which are never assigned. */
    private static Optional<PetId> parsePetId(String petId) {
        if (!DECIMAL_INTEGER.matcher(petId).matches()) {
            throw ApiException.invalidRequest("petId must be an integer");
        }
        try {
            long id = Long.parseLong(petId);
            return id < 1 ? Optional.empty() : Optional.of(new PetId(id));
        } catch (NumberFormatException e) {
            throw ApiException.invalidRequest("petId must be a 64-bit integer (at most 9223372036854775807)");
        }
    }
}
