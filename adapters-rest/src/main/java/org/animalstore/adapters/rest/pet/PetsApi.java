package org.animalstore.adapters.rest.pet;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.concurrent.CompletableFuture;
import org.animalstore.adapters.rest.OpenApiLimits;
import org.animalstore.adapters.rest.auth.RateLimitHeaders;
import org.animalstore.adapters.rest.error.ErrorResponse;
import org.animalstore.adapters.rest.ops.RequestIds;
import org.animalstore.domain.model.PetQuery;

/**
 * The pets resource as the OpenAPI document describes it: what each operation takes and answers.
 * {@link PetController} implements it; micronaut-openapi reads these annotations through it. Reads answer the
 * JSON already encoded ({@code byte[]}); each 200 names its schema, so the document shows what is sent.
 */
@SecurityRequirement(name = "apiKey")
@Tag(name = "pets")
interface PetsApi extends PetErrorResponses {

    @Operation(operationId = "listPets", summary = "List pets",
            description = "Pets in ascending id order, at most `limit` of them, optionally only those with one status."
                    + " Each parameter may be given at most once; unknown parameters are ignored. Parameters are separated"
                    + " by `&` only: a `;` is part of a value (`limit=1;x` is an invalid limit). When more pets match,"
                    + " the response links to the next page (`Link: <...>; rel=\"next\"`). An instance may answer a page it"
                    + " listed less than a second ago from memory; `Cache-Control: no-cache` asks for the stored state, as a client"
                    + " reading its own creates through a load balancer does.",
            parameters = {
                    @Parameter(name = "limit", in = ParameterIn.QUERY, description = "Maximum number of pets returned, in plain decimal digits.",
                            schema = @Schema(type = "integer", format = "int32", minimum = "" + PetQuery.MIN_LIMIT,
                                    maximum = "" + PetQuery.MAX_LIMIT, defaultValue = "" + PetQuery.DEFAULT_LIMIT)),
                    @Parameter(name = "status", in = ParameterIn.QUERY, description = "Return only pets with this status.",
                            schema = @Schema(implementation = PetStatusValue.class)),
                    @Parameter(name = "cursor", in = ParameterIn.QUERY, description = "Where to continue: the opaque cursor in the previous"
                            + " page's `Link: <...>; rel=\"next\"`, used unchanged and with the same `status`. `limit` may change between pages.",
                            // No example: Swagger UI's "Try it out" would send it, and a cursor is valid only as the service issued it.
                            schema = @Schema(type = "string")),
                    @Parameter(name = RequestIds.HEADER, in = ParameterIn.HEADER, ref = REQUEST_ID_PARAMETER)})
    @ApiResponse(responseCode = "200", description = "The pets, in ascending id order (an empty array when none match).",
            headers = {@Header(name = RequestIds.HEADER, ref = REQUEST_ID),
                    @Header(name = RateLimitHeaders.POLICY, description = RateLimitHeaders.POLICY_DESCRIPTION,
                            schema = @Schema(type = "string", example = RateLimitHeaders.POLICY_EXAMPLE)),
                    @Header(name = RateLimitHeaders.REMAINING, description = RateLimitHeaders.REMAINING_DESCRIPTION,
                            schema = @Schema(type = "string", example = RateLimitHeaders.REMAINING_EXAMPLE)),
                    @Header(name = "Link", description = "RFC 8288 link to the next page, `</v1/pets?limit=..&status=..&cursor=..>;"
                            + " rel=\"next\"`; absent on the last page.", schema = @Schema(type = "string"))},
            content = @Content(schema = @Schema(ref = "#/components/schemas/Pets")))
    @ApiResponse(responseCode = "400", description = "`limit` or `status` is invalid or given more than once (`invalid_request`), or the"
            + " cursor is malformed, altered or was issued for another `status` (`invalid_cursor`).",
            headers = @Header(name = RequestIds.HEADER, ref = REQUEST_ID),
            content = @Content(schema = @Schema(implementation = ErrorResponse.class), examples = {
                    @ExampleObject(name = "limit", value = "{\"code\":\"invalid_request\",\"message\":\"" + PageCursors.LIMIT_RANGE
                            + "\",\"status\":400}"),
                    @ExampleObject(name = "status", value = "{\"code\":\"invalid_request\",\"message\":\"" + NewPetJsonReader.STATUS_VALUES
                            + "\",\"status\":400}"),
                    @ExampleObject(name = "cursor", value = "{\"code\":\"invalid_cursor\",\"message\":\"" + PageCursors.INVALID + "\",\"status\":400}")}))
    CompletableFuture<HttpResponse<byte[]>> listPets(HttpRequest<?> request);

    @Operation(operationId = "createPet", summary = "Add a pet",
            description = "Stores the pet and answers it with its new id. JSON types are never coerced, a field may appear"
                    + " only once, and unknown fields are ignored. Bodies over " + OpenApiLimits.MAX_REQUEST_SIZE + " are refused."
                    + " The 201 comes once the pet is committed and readable wherever reads go, read replicas included: every"
                    + " instance returns it by id at once, and lists it within the page freshness the API docs give.",
            parameters = {@Parameter(name = IdempotencyKeyHeader.NAME, in = ParameterIn.HEADER, description = "Makes the request safe"
                    + " to retry (draft-ietf-httpapi-idempotency-key-header): a key of 1 to 255 visible ASCII characters, sent bare or as"
                    + " an RFC 8941 string (in quotes, with `\\\"` and `\\\\` for a quote and a backslash: so up to "
                    + IdempotencyKeyHeader.MAX_QUOTED_LENGTH + " characters). Scoped to the API key; remembered for "
                    + OpenApiLimits.IDEMPOTENCY_TTL + ".",
                    schema = @Schema(type = "string", minLength = 1, maxLength = IdempotencyKeyHeader.MAX_QUOTED_LENGTH,
                            pattern = IdempotencyKeyHeader.SYNTAX, example = "\"8e03978e-40d5-43e8-bc93-6894a57f9324\"")),
                    @Parameter(name = RequestIds.HEADER, in = ParameterIn.HEADER, ref = REQUEST_ID_PARAMETER)})
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = NewPetRequest.class), examples = {
            @ExampleObject(name = "withStatus", value = "{\"name\":\"Rex\",\"categoryId\":3,\"status\":\"available\"}"),
            @ExampleObject(name = "withoutStatus", value = "{\"name\":\"Nemo\",\"categoryId\":2}")}))
    @ApiResponse(responseCode = "201", description = "The pet was added; the body is the stored pet. For a retry with the same"
            + " Idempotency-Key and body: the pet that request added.",
            headers = {@Header(name = RequestIds.HEADER, ref = REQUEST_ID),
                    @Header(name = RateLimitHeaders.POLICY, description = RateLimitHeaders.POLICY_DESCRIPTION,
                            schema = @Schema(type = "string", example = RateLimitHeaders.POLICY_EXAMPLE)),
                    @Header(name = RateLimitHeaders.REMAINING, description = RateLimitHeaders.REMAINING_DESCRIPTION,
                            schema = @Schema(type = "string", example = RateLimitHeaders.REMAINING_EXAMPLE)),
                    @Header(name = "Location", required = true, description = "Path of the new pet: `/v1/pets/{id}`.",
                            schema = @Schema(type = "string", format = "uri-reference", example = "/v1/pets/42")),
                    @Header(name = IdempotencyKeyHeader.REPLAYED, description = "`true` when this is the stored outcome of an earlier"
                            + " request with the same Idempotency-Key; absent otherwise.", schema = @Schema(type = "string", allowableValues = "true"))},
            content = @Content(schema = @Schema(implementation = PetResponse.class), examples = @ExampleObject(name = "pet", value = PET)))
    @ApiResponse(responseCode = "400", description = "The body is empty, not valid JSON or not UTF-8 (`malformed_json`), or is"
            + " not a JSON object, misses a required field, has an invalid value or a field given twice, or the Idempotency-Key"
            + " header is invalid (`invalid_request`).",
            headers = @Header(name = RequestIds.HEADER, ref = REQUEST_ID),
            content = @Content(schema = @Schema(implementation = ErrorResponse.class), examples = {
                    @ExampleObject(name = "invalid_request", value = "{\"code\":\"invalid_request\",\"message\":\"name is required\",\"status\":400}"),
                    @ExampleObject(name = "malformed_json", value = "{\"code\":\"malformed_json\",\"message\":\"The request body is not valid JSON"
                            + " (line 1, column 9)\",\"status\":400}")}))
    @ApiResponse(responseCode = "409", description = "`idempotency_key_in_use`: a request with this Idempotency-Key is still being processed.",
            headers = @Header(name = RequestIds.HEADER, ref = REQUEST_ID),
            content = @Content(schema = @Schema(implementation = ErrorResponse.class), examples = @ExampleObject(name = "idempotency_key_in_use",
                    value = "{\"code\":\"idempotency_key_in_use\",\"message\":\"" + PetController.KEY_IN_USE + "\",\"status\":409}")))
    @ApiResponse(responseCode = "413", description = "The body exceeds " + OpenApiLimits.MAX_REQUEST_SIZE + ".",
            headers = @Header(name = RequestIds.HEADER, ref = REQUEST_ID),
            content = @Content(schema = @Schema(implementation = ErrorResponse.class), examples = @ExampleObject(name = "payload_too_large",
                    value = "{\"code\":\"payload_too_large\",\"message\":\"The request body is too large\",\"status\":413}")))
    @ApiResponse(responseCode = "415", description = "The body is not sent as `application/json` in UTF-8 (no `charset` other"
            + " than `utf-8`), or its `Content-Encoding` is not `gzip` or `deflate`.",
            headers = {@Header(name = RequestIds.HEADER, ref = REQUEST_ID),
                    @Header(name = "Accept-Encoding", description = "The content codings a body may be sent with (`gzip, deflate`),"
                            + " when its `Content-Encoding` was refused.", schema = @Schema(type = "string", example = "gzip, deflate"))},
            content = @Content(schema = @Schema(implementation = ErrorResponse.class), examples = @ExampleObject(name = "unsupported_media_type",
                    value = "{\"code\":\"unsupported_media_type\",\"message\":\"The request body must be sent as application/json\",\"status\":415}")))
    @ApiResponse(responseCode = "422", description = "`idempotency_key_reused`: this Idempotency-Key was used with a different body.",
            headers = @Header(name = RequestIds.HEADER, ref = REQUEST_ID),
            content = @Content(schema = @Schema(implementation = ErrorResponse.class), examples = @ExampleObject(name = "idempotency_key_reused",
                    value = "{\"code\":\"idempotency_key_reused\",\"message\":\"" + PetController.KEY_REUSED + "\",\"status\":422}")))
    CompletableFuture<HttpResponse<PetResponse>> createPet(HttpRequest<?> request, byte[] body, Authentication caller);

    /** @deprecated scheduled for removal on 5 December 2030; use {@code GET /v1/pets} with a status filter. */
    @Deprecated(since = "1.0.0")
    @Operation(operationId = "getPet", summary = "Get a pet (deprecated)",
            description = "Deprecated: scheduled for removal on 5 December 2030. The replacement is `GET /v1/pets` with a"
                    + " `status` filter. Until removal it behaves as documented here; every response after authentication carries"
                    + " `Deprecation`, `Sunset` and a `Link` to the replacement, and from the sunset instant on it answers 410.",
            parameters = @Parameter(name = RequestIds.HEADER, in = ParameterIn.HEADER, ref = REQUEST_ID_PARAMETER))
    @ApiResponse(responseCode = "200", description = "The pet.",
            headers = {@Header(name = RequestIds.HEADER, ref = REQUEST_ID),
                    @Header(name = RateLimitHeaders.POLICY, description = RateLimitHeaders.POLICY_DESCRIPTION,
                            schema = @Schema(type = "string", example = RateLimitHeaders.POLICY_EXAMPLE)),
                    @Header(name = RateLimitHeaders.REMAINING, description = RateLimitHeaders.REMAINING_DESCRIPTION,
                            schema = @Schema(type = "string", example = RateLimitHeaders.REMAINING_EXAMPLE)),
                    @Header(name = "Deprecation", ref = DEPRECATION), @Header(name = "Sunset", ref = SUNSET),
                    @Header(name = "Link", ref = SUCCESSOR_LINK)},
            content = @Content(schema = @Schema(implementation = PetResponse.class), examples = @ExampleObject(name = "pet", value = PET)))
    @ApiResponse(responseCode = "400", description = "`petId` is not a decimal int64. Carries the deprecation headers too.",
            headers = {@Header(name = RequestIds.HEADER, ref = REQUEST_ID), @Header(name = "Deprecation", ref = DEPRECATION),
                    @Header(name = "Sunset", ref = SUNSET), @Header(name = "Link", ref = SUCCESSOR_LINK)},
            content = @Content(schema = @Schema(implementation = ErrorResponse.class), examples = @ExampleObject(name = "invalid_request",
                    value = "{\"code\":\"invalid_request\",\"message\":\"petId must be an integer\",\"status\":400}")))
    @ApiResponse(responseCode = "404", description = "No pet with that id (ids below 1 are never assigned). Carries the"
            + " deprecation headers too.",
            headers = {@Header(name = RequestIds.HEADER, ref = REQUEST_ID), @Header(name = "Deprecation", ref = DEPRECATION),
                    @Header(name = "Sunset", ref = SUNSET), @Header(name = "Link", ref = SUCCESSOR_LINK)},
            content = @Content(schema = @Schema(implementation = ErrorResponse.class), examples = @ExampleObject(name = "not_found",
                    value = "{\"code\":\"not_found\",\"message\":\"No pet with id 42\",\"status\":404}")))
    @ApiResponse(responseCode = "410", description = "`gone`: from the sunset instant (5 December 2030 00:00:00 GMT) on. Carries"
            + " the deprecation headers too.",
            headers = {@Header(name = RequestIds.HEADER, ref = REQUEST_ID), @Header(name = "Deprecation", ref = DEPRECATION),
                    @Header(name = "Sunset", ref = SUNSET), @Header(name = "Link", ref = SUCCESSOR_LINK)},
            content = @Content(schema = @Schema(implementation = ErrorResponse.class), examples = @ExampleObject(name = "gone",
                    value = "{\"code\":\"gone\",\"message\":\"GET /v1/pets/{petId} was removed on 5 December 2030: list pets with GET"
                            + " /v1/pets instead\",\"status\":410}")))
    @ApiResponse(responseCode = "406", description = "The `Accept` header excludes `application/json`. Carries the deprecation"
            + " headers too.",
            headers = {@Header(name = RequestIds.HEADER, ref = REQUEST_ID), @Header(name = "Deprecation", ref = DEPRECATION),
                    @Header(name = "Sunset", ref = SUNSET), @Header(name = "Link", ref = SUCCESSOR_LINK)},
            content = @Content(schema = @Schema(implementation = ErrorResponse.class),
                    examples = @ExampleObject(name = "not_acceptable", value = NOT_ACCEPTABLE)))
    @ApiResponse(responseCode = "503", description = "The catalogue's storage is out of reach, or too slow to keep up (the request"
            + " waited longer than " + OpenApiLimits.MAX_QUEUE_WAIT + " for a worker); retry after `Retry-After` seconds. Carries"
            + " the deprecation headers too.",
            headers = {@Header(name = RequestIds.HEADER, ref = REQUEST_ID),
                    @Header(name = "Retry-After", required = true, description = "Seconds to wait before retrying.",
                            schema = @Schema(type = "integer", format = "int32", minimum = "1", example = "2")),
                    @Header(name = "Deprecation", ref = DEPRECATION), @Header(name = "Sunset", ref = SUNSET),
                    @Header(name = "Link", ref = SUCCESSOR_LINK)},
            content = @Content(schema = @Schema(implementation = ErrorResponse.class),
                    examples = @ExampleObject(name = "service_unavailable", value = SERVICE_UNAVAILABLE)))
    CompletableFuture<HttpResponse<byte[]>> getPet(
            HttpRequest<?> request,
            @Parameter(description = "Identifier of the pet.", schema = @Schema(type = "integer", format = "int64"), example = "42")
            String petId);
}
