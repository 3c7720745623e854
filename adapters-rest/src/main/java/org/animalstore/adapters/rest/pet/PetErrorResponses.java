package org.animalstore.adapters.rest.pet;

import io.micronaut.http.MediaType;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import org.animalstore.adapters.rest.OpenApiExamples;
import org.animalstore.adapters.rest.OpenApiHeaders;
import org.animalstore.adapters.rest.OpenApiLimits;
import org.animalstore.adapters.rest.auth.RateLimitHeaders;
import org.animalstore.adapters.rest.error.ErrorResponse;
import org.animalstore.adapters.rest.ops.RequestIds;

/**
 * The error answers every operation on pets may give, as the OpenAPI document describes them; {@link PetsApi}
 * extends it so that micronaut-openapi reads them for each operation.
 */
@ApiResponse(responseCode = "401", description = "No API key, a malformed `Authorization` header, or an unknown key.",
        headers = {@Header(name = RequestIds.HEADER, ref = OpenApiHeaders.REQUEST_ID),
                @Header(name = "WWW-Authenticate", required = true, description = "Always `Bearer realm=\"animal-store\"`.",
                        schema = @Schema(type = "string", example = "Bearer realm=\"animal-store\""))},
        content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorResponse.class),
                examples = @ExampleObject(name = "unauthorized", value = OpenApiExamples.UNAUTHORIZED)))
@ApiResponse(responseCode = "403", description = "`origin_not_allowed`: sent by a web page (`Origin`) whose origin the operator has not"
        + " allowed (PETSTORE_CORS_ALLOWED_ORIGINS); requests without `Origin` are never refused so.",
        headers = @Header(name = RequestIds.HEADER, ref = OpenApiHeaders.REQUEST_ID),
        content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorResponse.class),
                examples = @ExampleObject(name = "origin_not_allowed", value = OpenApiExamples.ORIGIN_NOT_ALLOWED)))
@ApiResponse(responseCode = "406", description = "The `Accept` header excludes `application/json`.",
        headers = @Header(name = RequestIds.HEADER, ref = OpenApiHeaders.REQUEST_ID),
        content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorResponse.class),
                examples = @ExampleObject(name = "not_acceptable", value = OpenApiExamples.NOT_ACCEPTABLE)))
@ApiResponse(responseCode = "408", description = "The request (head and body) did not arrive within " + OpenApiLimits.RECEIVE_TIMEOUT
        + " of its first byte; the connection is closed.",
        headers = @Header(name = RequestIds.HEADER, ref = OpenApiHeaders.REQUEST_ID),
        content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorResponse.class),
                examples = @ExampleObject(name = "request_timeout", value = OpenApiExamples.REQUEST_TIMEOUT)))
@ApiResponse(responseCode = "414", description = "The request line exceeds " + OpenApiLimits.MAX_REQUEST_LINE + "; the connection is closed.",
        headers = @Header(name = RequestIds.HEADER, ref = OpenApiHeaders.REQUEST_ID),
        content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorResponse.class),
                examples = @ExampleObject(name = "uri_too_long", value = OpenApiExamples.URI_TOO_LONG)))
@ApiResponse(responseCode = "431", description = "The request headers exceed " + OpenApiLimits.MAX_HEADER_SIZE + "; the connection is closed.",
        headers = @Header(name = RequestIds.HEADER, ref = OpenApiHeaders.REQUEST_ID),
        content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorResponse.class),
                examples = @ExampleObject(name = "headers_too_large", value = OpenApiExamples.HEADERS_TOO_LARGE)))
@ApiResponse(responseCode = "429", description = "`rate_limited`: the API key's quota for the current window is used up; retry"
        + " after `Retry-After` seconds. Only when a quota applies to the key (see `RateLimit-Policy`).",
        headers = {
                @Header(name = RequestIds.HEADER, ref = OpenApiHeaders.REQUEST_ID),
                @Header(name = "Retry-After", required = true, description = "Seconds until the quota's window resets.",
                        schema = @Schema(type = "integer", format = "int32", minimum = "1", example = "42")),
                @Header(name = RateLimitHeaders.POLICY, required = true, description = RateLimitHeaders.POLICY_DESCRIPTION,
                        schema = @Schema(type = "string", example = RateLimitHeaders.POLICY_EXAMPLE)),
                @Header(name = RateLimitHeaders.REMAINING, required = true, description = RateLimitHeaders.REMAINING_DESCRIPTION,
                        schema = @Schema(type = "string", example = "\"default\";r=0;t=42"))},
        content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorResponse.class),
                examples = @ExampleObject(name = "rate_limited", value = OpenApiExamples.RATE_LIMITED)))
@ApiResponse(responseCode = "500", description = "An unexpected failure; details are logged, never returned.",
        headers = @Header(name = RequestIds.HEADER, ref = OpenApiHeaders.REQUEST_ID),
        content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorResponse.class),
                examples = @ExampleObject(name = "internal_error", value = OpenApiExamples.INTERNAL_ERROR)))
@ApiResponse(responseCode = "503", description = "The catalogue's storage is out of reach, or too slow to keep up (the request"
        + " waited longer than " + OpenApiLimits.MAX_QUEUE_WAIT + " for a worker); retry after `Retry-After` seconds.",
        headers = {@Header(name = RequestIds.HEADER, ref = OpenApiHeaders.REQUEST_ID),
                @Header(name = "Retry-After", required = true, description = "Seconds to wait before retrying.",
                schema = @Schema(type = "integer", format = "int32", minimum = "1", example = "2"))},
        content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorResponse.class),
                examples = @ExampleObject(name = "service_unavailable", value = OpenApiExamples.SERVICE_UNAVAILABLE)))
interface PetErrorResponses {
}
