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
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.domain.model.IdempotencyKey;
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
 * The pets resource ({@link PetsApi} documents it). What the catalogue remembers is answered on the event
 * loop; everything else blocks on storage, so it runs on the catalogue's workers ({@link WorkerQueue}). The
 * deprecated operation's headers, counting and sunset are {@code deprecation/}'s business.
 */
@Controller("/v1/pets")
@Secured(SecurityRule.IS_AUTHENTICATED)
class PetController implements PetsApi {

    private static final Pattern DECIMAL_INTEGER = Pattern.compile("-?[0-9]+");

    private final ListPetsUseCase listPets;
    private final AddPetUseCase addPet;
    private final AddPetOnceUseCase addPetOnce;
    private final GetPetUseCase getPet;
    private final PageCursors cursors;
    private final WorkerQueue workers;

    PetController(ListPetsUseCase listPets, AddPetUseCase addPet, AddPetOnceUseCase addPetOnce, GetPetUseCase getPet, PageCursors cursors,
                  WorkerQueue workers) {
        this.listPets = listPets;
        this.addPet = addPet;
        this.addPetOnce = addPetOnce;
        this.getPet = getPet;
        this.cursors = cursors;
        this.workers = workers;
    }

    @Get(produces = MediaType.APPLICATION_JSON)
    @Override
    public CompletableFuture<HttpResponse<List<PetResponse>>> listPets(HttpRequest<?> request) {
        PetQuery query = PetListingParameters.toQuery(request.getParameters(), cursors);
        if (revalidationAsked(request)) {
            return workers.run(request, () -> pageResponse(query, listPets.listStoredPets(query)));
        }
        return listPets.rememberedPage(query)
                .map(page -> CompletableFuture.completedFuture(pageResponse(query, page)))
                .orElseGet(() -> workers.run(request, () -> pageResponse(query, listPets.listPets(query))));
    }

    private HttpResponse<List<PetResponse>> pageResponse(PetQuery query, PetPage page) {
        MutableHttpResponse<List<PetResponse>> response = HttpResponse.ok(page.pets().stream().map(PetJsonMapper::toResponse).toList());
        page.nextAfter().ifPresent(next -> response.header(HttpHeaders.LINK, PetListingParameters.nextLink(query, next, cursors)));
        return response;
    }

    @Post(consumes = MediaType.APPLICATION_JSON, produces = MediaType.APPLICATION_JSON)
    @Status(HttpStatus.CREATED) // else micronaut-openapi adds a 200 response to the inherited ones
    @Override
    public CompletableFuture<HttpResponse<PetResponse>> createPet(HttpRequest<?> request, @Body @Nullable byte[] body, Authentication caller) {
        NewPetJsonReader.requireJsonInUtf8(request.getContentType());
        Optional<IdempotencyKey> key = IdempotencyKeyHeader.read(request.getHeaders().getAll(IdempotencyKeyHeader.NAME))
                .map(value -> new IdempotencyKey(caller.getName(), value));
        NewPet pet = NewPetJsonReader.read(body);
        if (key.isPresent()) {
            return workers.run(request, () -> CreatedPetResponses.of(addPetOnce.addPetOnce(key.get(), pet)));
        }
        return workers.runAddition(runner -> addPet.addPet(pet, runner)).thenApply(CreatedPetResponses::of);
    }

    /** @deprecated scheduled for removal on 5 December 2030; use {@code GET /v1/pets} with a status filter. */
    @Deprecated(since = "1.0.0")
    @Get(uri = "/{petId:[^/]+}", produces = MediaType.APPLICATION_JSON)
    @Override
    public CompletableFuture<HttpResponse<PetResponse>> getPet(HttpRequest<?> request, @PathVariable String petId) {
        Optional<PetId> id = parsePetId(petId);
        if (id.isEmpty()) {
            throw notFound(petId);
        }
        if (revalidationAsked(request)) {
            return workers.runLookup(runner -> getPet.getStoredPet(id.get(), runner)).thenApply(pet -> petResponse(pet, petId));
        }
        // A lookup that reaches storage joins a group of lookups read together, and holds no thread while it waits.
        return getPet.rememberedPet(id.get())
                .map(pet -> CompletableFuture.completedFuture(petResponse(pet)))
                .orElseGet(() -> workers.runLookup(runner -> getPet.getPet(id.get(), runner)).thenApply(pet -> petResponse(pet, petId)));
    }

    /**
     * {@code Cache-Control: no-cache} (or {@code max-age=0}) asks for what the database holds now, not what this
     * instance remembers: how a client reads its own writes on any instance behind a load balancer (docs/api.md).
     */
    private static boolean revalidationAsked(HttpRequest<?> request) {
        for (String value : request.getHeaders().getAll(HttpHeaders.CACHE_CONTROL)) {
            for (String directive : value.split(",")) {
                String name = directive.strip().toLowerCase(Locale.ROOT);
                if (name.equals("no-cache") || name.equals("max-age=0")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static HttpResponse<PetResponse> petResponse(Optional<Pet> pet, String petId) {
        return pet.map(PetController::petResponse).orElseThrow(() -> notFound(petId));
    }

    private static HttpResponse<PetResponse> petResponse(Pet pet) {
        return HttpResponse.ok(PetJsonMapper.toResponse(pet));
    }

    private static ApiException notFound(String petId) {
        return new ApiException(ErrorCode.NOT_FOUND, "No pet with id " + petId);
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
