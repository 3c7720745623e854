package org.animalstore.adapters.rest.pet;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.media.Content;
import java.util.List;
import java.util.Optional;
import org.animalstore.adapters.rest.deprecation.GetPetDeprecation;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.adapters.rest.error.ErrorResponse;
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

/** The pets resource. Storage calls block, so requests run on virtual threads, not the event loop. */
@Controller("/v1/pets")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
final class PetController {

    private final ListPetsUseCase listPets;
    private final AddPetUseCase addPet;
    private final AddPetOnceUseCase addPetOnce;
    private final GetPetUseCase getPet;
    private final PageCursors cursors;
    private final GetPetDeprecation getPetDeprecation;

    PetController(ListPetsUseCase listPets, AddPetUseCase addPet, AddPetOnceUseCase addPetOnce, GetPetUseCase getPet,
                  PageCursors cursors, GetPetDeprecation getPetDeprecation) {
        this.listPets = listPets;
        this.addPet = addPet;
        this.addPetOnce = addPetOnce;
        this.getPet = getPet;
        this.cursors = cursors;
        this.getPetDeprecation = getPetDeprecation;
    }

    @Get(produces = MediaType.APPLICATION_JSON)
    @Operation(operationId = "listPets", summary = "List pets",
            description = "Pets in ascending id order, at most `limit` of them, optionally only those with one status.")
    @Parameter(name = "limit", in = ParameterIn.QUERY, description = "Maximum number of pets returned.",
            schema = @Schema(type = "integer", format = "int32", minimum = "1", maximum = "100", defaultValue = "20"))
    @Parameter(name = "status", in = ParameterIn.QUERY, description = "Return only pets with this status.",
            schema = @Schema(implementation = PetStatusValue.class))
    @Parameter(name = "cursor", in = ParameterIn.QUERY, description = "Where to continue: the opaque cursor in the previous page's "
            + "`Link: <...>; rel=\"next\"`, used unchanged and with the same `status`. `limit` may change between pages.",
            schema = @Schema(type = "string", minLength = 35, maxLength = 35))
    @ApiResponse(responseCode = "200", description = "A page of pets in ascending id order.",
            headers = @Header(name = "Link", description = "RFC 8288 link to the next page, `</v1/pets?limit=..&status=..&cursor=..>; "
                    + "rel=\"next\"`; absent on the last page.", schema = @Schema(type = "string")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, array = @ArraySchema(schema = @Schema(implementation = PetResponse.class))))
    @ApiResponse(responseCode = "400", description = "Invalid `limit` or `status` (`invalid_request`), or a cursor that is malformed, "
            + "altered or issued for another `status` (`invalid_cursor`).",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorResponse.class)))
    HttpResponse<List<PetResponse>> listPets(HttpRequest<?> request) {
        PetQuery query = PetListingParameters.toQuery(request.getParameters(), cursors);
        PetPage page = listPets.listPets(query);
        MutableHttpResponse<List<PetResponse>> response = HttpResponse.ok(page.pets().stream().map(PetJsonMapper::toResponse).toList());
        page.nextAfter().ifPresent(next -> response.header(HttpHeaders.LINK, PetListingParameters.nextLink(query, next, cursors)));
        return response;
    }

    @Post(consumes = MediaType.APPLICATION_JSON, produces = MediaType.APPLICATION_JSON)
    @Operation(operationId = "createPet", summary = "Add a pet")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = NewPetRequest.class)))
    @Parameter(name = IdempotencyKeyHeader.NAME, in = ParameterIn.HEADER, description = "Makes the request safe to retry "
            + "(draft-ietf-httpapi-idempotency-key-header): 1 to 255 visible ASCII characters, sent as a quoted string or bare. "
            + "Scoped to the API key; remembered for 24 hours (configurable).", schema = @Schema(type = "string", minLength = 1, maxLength = 257))
    @ApiResponse(responseCode = "201", description = "The pet was added, or, for a retry with the same Idempotency-Key and body, "
            + "the pet that request added.",
            headers = {
                @Header(name = "Location", description = "The new pet: `/v1/pets/{id}`.", schema = @Schema(type = "string")),
                @Header(name = IdempotencyKeyHeader.REPLAYED, description = "`true` when this is the stored outcome of an earlier "
                        + "request with the same Idempotency-Key; absent otherwise.", schema = @Schema(type = "string", allowableValues = "true"))},
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PetResponse.class)))
    @ApiResponse(responseCode = "409", description = "`idempotency_key_in_use`: a request with this Idempotency-Key is still being processed.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorResponse.class)))
    @ApiResponse(responseCode = "422", description = "`idempotency_key_reused`: this Idempotency-Key was used with a different body.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorResponse.class)))
    HttpResponse<PetResponse> createPet(HttpRequest<?> request, @Body @Nullable byte[] body, Authentication caller) {
        // The router lets a request without Content-Type through; this API only takes JSON.
        if (request.getContentType().isEmpty()) {
            throw new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "The request body must be sent as application/json");
        }
        Optional<IdempotencyKey> key = IdempotencyKeyHeader.read(request.getHeaders().getAll(IdempotencyKeyHeader.NAME))
                .map(value -> new IdempotencyKey(caller.getName(), value));
        NewPet newPet = PetJsonMapper.toNewPet(NewPetJsonReader.read(body));
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

    private static MutableHttpResponse<PetResponse> created(Pet pet) {
        return HttpResponse.created(PetJsonMapper.toResponse(pet)).header(HttpHeaders.LOCATION, "/v1/pets/" + pet.id().value());
    }

    /** @deprecated scheduled for removal on 5 December 2030; use {@code GET /v1/pets} with a status filter. */
    @Deprecated(since = "1.0.0")
    @Get(uri = "/{petId}", produces = MediaType.APPLICATION_JSON)
    @Operation(operationId = "getPet", summary = "Get a pet (deprecated)",
            description = "Deprecated: scheduled for removal on 5 December 2030. The replacement is `GET /pets` with a `status` filter.")
    @ApiResponse(responseCode = "200", description = "The pet. This and every other response of this operation carry the deprecation headers.",
            headers = {
                @Header(name = "Deprecation", description = "RFC 9745: deprecated since `@1795305600` (2026-11-22T00:00:00Z).", schema = @Schema(type = "string")),
                @Header(name = "Sunset", description = "RFC 8594: removed on `Thu, 05 Dec 2030 00:00:00 GMT`.", schema = @Schema(type = "string")),
                @Header(name = "Link", description = "`</v1/pets>; rel=\"successor-version\"`: the replacement.", schema = @Schema(type = "string"))},
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PetResponse.class)))
    @ApiResponse(responseCode = "410", description = "`gone`: from the sunset instant (5 December 2030 00:00:00 GMT) on.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorResponse.class)))
    HttpResponse<PetResponse> getPet(
            HttpRequest<?> request, Authentication caller,
            @PathVariable @Parameter(description = "Identifier of the pet.", schema = @Schema(type = "integer", format = "int64"))
            String petId) {
        getPetDeprecation.admit(request, caller.getName());
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
