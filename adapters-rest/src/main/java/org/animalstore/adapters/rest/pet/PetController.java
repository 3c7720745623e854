package org.animalstore.adapters.rest.pet;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.media.Content;
import java.util.List;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.port.in.AddPetUseCase;
import org.animalstore.domain.port.in.GetPetUseCase;
import org.animalstore.domain.port.in.ListPetsUseCase;

/** The pets resource. Storage calls block, so requests run on virtual threads, not the event loop. */
@Controller("/v1/pets")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
final class PetController {

    private final ListPetsUseCase listPets;
    private final AddPetUseCase addPet;
    private final GetPetUseCase getPet;

    PetController(ListPetsUseCase listPets, AddPetUseCase addPet, GetPetUseCase getPet) {
        this.listPets = listPets;
        this.addPet = addPet;
        this.getPet = getPet;
    }

    @Get(produces = MediaType.APPLICATION_JSON)
    @Operation(operationId = "listPets", summary = "List pets",
            description = "Pets in ascending id order, at most `limit` of them, optionally only those with one status.")
    @Parameter(name = "limit", in = ParameterIn.QUERY, description = "Maximum number of pets returned.",
            schema = @Schema(type = "integer", format = "int32", minimum = "1", maximum = "100", defaultValue = "20"))
    @Parameter(name = "status", in = ParameterIn.QUERY, description = "Return only pets with this status.",
            schema = @Schema(implementation = PetStatusValue.class))
    HttpResponse<List<PetResponse>> listPets(HttpRequest<?> request) {
        List<Pet> pets = listPets.listPets(PetListingParameters.toQuery(request.getParameters())).pets();
        return HttpResponse.ok(pets.stream().map(PetJsonMapper::toResponse).toList());
    }

    @Post(consumes = MediaType.APPLICATION_JSON, produces = MediaType.APPLICATION_JSON)
    @Operation(operationId = "createPet", summary = "Add a pet")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = NewPetRequest.class)))
    HttpResponse<PetResponse> createPet(HttpRequest<?> request, @Body @Nullable byte[] body) {
        // The router lets a request without Content-Type through; this API only takes JSON.
        if (request.getContentType().isEmpty()) {
            throw new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "The request body must be sent as application/json");
        }
        Pet pet = addPet.addPet(PetJsonMapper.toNewPet(NewPetJsonReader.read(body)));
        return HttpResponse.created(PetJsonMapper.toResponse(pet))
                .header(HttpHeaders.LOCATION, "/v1/pets/" + pet.id().value());
    }

    /** @deprecated scheduled for removal on 5 December 2030; use {@code GET /v1/pets} with a status filter. */
    @Deprecated(since = "1.0.0")
    @Get(uri = "/{petId}", produces = MediaType.APPLICATION_JSON)
    @Operation(operationId = "getPet", summary = "Get a pet (deprecated)",
            description = "Deprecated: scheduled for removal on 5 December 2030. The replacement is `GET /pets` with a `status` filter.")
    HttpResponse<PetResponse> getPet(
            @PathVariable @Parameter(description = "Identifier of the pet.", schema = @Schema(type = "integer", format = "int64"))
            String petId) {
        long id = parsePetId(petId);
        if (id < 1) {
            throw notFound(petId);
        }
        return getPet.getPet(new PetId(id))
                .map(pet -> HttpResponse.ok(PetJsonMapper.toResponse(pet)))
                .orElseThrow(() -> notFound(petId));
    }

    private static long parsePetId(String petId) {
        if (!petId.matches("-?[0-9]+")) {
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
