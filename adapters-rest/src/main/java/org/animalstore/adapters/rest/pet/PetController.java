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
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.port.in.AddPetOnceUseCase;
import org.animalstore.domain.port.in.GetPetUseCase;
import org.animalstore.domain.port.in.ListPetsUseCase;

/**
 * The pets resource ({@link PetsApi} documents it). What {@link PetMemory} holds is written on the event loop; the rest
 * runs on the {@link WorkerQueue}, creates without an Idempotency-Key in {@link CreateGroups}. Deprecation is {@code deprecation/}'s.
 */
@Controller("/v1/pets")
@Secured(SecurityRule.IS_AUTHENTICATED)
class PetController implements PetsApi {

    static final String KEY_REUSED = "This Idempotency-Key was already used with a different request body: use a new key for a new pet";
    static final String KEY_IN_USE = "A request with this Idempotency-Key is still being processed: retry once it has completed";
    private static final Pattern DECIMAL_INTEGER = Pattern.compile("-?[0-9]+");

    private final ListPetsUseCase listPets;
    private final CreateGroups creates;
    private final AddPetOnceUseCase addPetOnce;
    private final GetPetUseCase getPet;
    private final PageCursors cursors;
    private final PetMemory memory;
    private final WorkerQueue workers;

    PetController(ListPetsUseCase listPets, CreateGroups creates, AddPetOnceUseCase addPetOnce, GetPetUseCase getPet, PageCursors cursors,
                  PetMemory memory, WorkerQueue workers) {
        this.listPets = listPets;
        this.creates = creates;
        this.addPetOnce = addPetOnce;
        this.getPet = getPet;
        this.cursors = cursors;
        this.memory = memory;
        this.workers = workers;
    }

    @Get(produces = MediaType.APPLICATION_JSON)
    @Override
    public CompletableFuture<HttpResponse<byte[]>> listPets(HttpRequest<?> request) {
        PetQuery query = cursors.toQuery(request.getParameters());
        PetMemory.Page remembered = revalidationAsked(request) ? null : memory.page(query);
        return remembered != null ? CompletableFuture.completedFuture(pageResponse(remembered))
                : workers.run(request, () -> pageResponse(memory.loadPage(query, listPets::listPets)));
    }

    private static HttpResponse<byte[]> pageResponse(PetMemory.Page page) {
        return page.link() == null ? json(page.body()) : json(page.body()).header(HttpHeaders.LINK, page.link());
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
            return workers.run(request, () -> created(addPetOnce.addPetOnce(key.get(), pet)));
        }
        return creates.add(pet).thenApply(added -> created(new IdempotentAddition.Added(added)));
    }

    /** 201 with the stored pet and its {@code Location} (a replay's marked); a key reused or still in use is refused. */
    private MutableHttpResponse<PetResponse> created(IdempotentAddition addition) {
        return switch (addition) {
            case IdempotentAddition.Added(Pet pet) -> {
                memory.added(pet);
                yield created(pet);
            }
            case IdempotentAddition.Replayed(Pet pet) -> created(pet).header(IdempotencyKeyHeader.REPLAYED, "true");
            case IdempotentAddition.KeyReused _ -> throw new ApiException(ErrorCode.IDEMPOTENCY_KEY_REUSED, KEY_REUSED);
            case IdempotentAddition.InProgress _ -> throw new ApiException(ErrorCode.IDEMPOTENCY_KEY_IN_USE, KEY_IN_USE);
        };
    }

    private static MutableHttpResponse<PetResponse> created(Pet pet) {
        return HttpResponse.created(PetResponse.of(pet)).header(HttpHeaders.LOCATION, "/v1/pets/" + pet.id().value());
    }

    /** @deprecated scheduled for removal on 5 December 2030; use {@code GET /v1/pets} with a status filter. */
    @Deprecated(since = "1.0.0")
    @Get(uri = "/{petId:[^/]+}", produces = MediaType.APPLICATION_JSON)
    @Override
    public CompletableFuture<HttpResponse<byte[]>> getPet(HttpRequest<?> request, @PathVariable String petId) {
        PetId id = parsePetId(petId).orElseThrow(() -> notFound(petId));
        byte[] remembered = revalidationAsked(request) ? null : memory.pet(id);
        return remembered != null ? CompletableFuture.completedFuture(json(remembered))
                : workers.run(request, () -> json(memory.loadPet(id, getPet::getPet).orElseThrow(() -> notFound(petId))));
    }

    private static MutableHttpResponse<byte[]> json(byte[] body) {
        return HttpResponse.ok(body).contentType(MediaType.APPLICATION_JSON_TYPE);
    }

    /** {@code Cache-Control: no-cache} (or {@code max-age=0}) asks for what the database holds now (docs/api.md). */
    private static boolean revalidationAsked(HttpRequest<?> request) {
        var values = request.getHeaders().getAll(HttpHeaders.CACHE_CONTROL);
        return !values.isEmpty() && values.stream().flatMap(value -> Arrays.stream(value.split(",")))
                .map(directive -> directive.strip().toLowerCase(Locale.ROOT))
                .anyMatch(name -> name.equals("no-cache") || name.equals("max-age=0"));
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
