package org.animalstore.adapters.rest.pet;

import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import org.animalstore.adapters.rest.OpenApiLimits;
import org.animalstore.adapters.rest.auth.RateLimitHeaders;
import org.animalstore.adapters.rest.error.ErrorResponse;
import org.animalstore.adapters.rest.ops.RequestIds;

/**
 * The error answers every operation on pets may give, as the OpenAPI document describes them; {@link PetsApi}
 * extends it so that micronaut-openapi reads them for each operation. Examples are what the service really answers;
 * a {@code @Content} without a media type is the operation's ({@code application/json}).
 */
@ApiResponse(responseCode = "401", description = "No API key, a malformed `Authorization` header, or an unknown key.",
        headers = {@Header(name = RequestIds.HEADER, ref = PetErrorResponses.REQUEST_ID),
                @Header(name = "WWW-Authenticate", required = true, description = "Always `Bearer realm=\"animal-store\"`.",
                        schema = @Schema(type = "string", example = "Bearer realm=\"animal-store\""))},
        content = @Content(schema = @Schema(implementation = ErrorResponse.class), examples = @ExampleObject(name = "unauthorized",
                value = "{\"code\":\"unauthorized\",\"message\":\"A valid API key is required: send it as 'Authorization: Bearer <API key>'\",\"status\":401}")))
@ApiResponse(responseCode = "403", description = "`origin_not_allowed`: sent by a web page (`Origin`) whose origin the operator has not"
        + " allowed (PETSTORE_CORS_ALLOWED_ORIGINS); requests without `Origin` are never refused so.",
        headers = @Header(name = RequestIds.HEADER, ref = PetErrorResponses.REQUEST_ID),
        content = @Content(schema = @Schema(implementation = ErrorResponse.class), examples = @ExampleObject(name = "origin_not_allowed",
                value = "{\"code\":\"origin_not_allowed\",\"message\":\"Requests from web pages of origin https://elsewhere.example are not"
                        + " allowed; the operator lists the allowed origins\",\"status\":403}")))
@ApiResponse(responseCode = "406", description = "The `Accept` header excludes `application/json`.",
        headers = @Header(name = RequestIds.HEADER, ref = PetErrorResponses.REQUEST_ID),
        content = @Content(schema = @Schema(implementation = ErrorResponse.class),
                examples = @ExampleObject(name = "not_acceptable", value = PetErrorResponses.NOT_ACCEPTABLE)))
@ApiResponse(responseCode = "408", description = "The request (head and body) did not arrive within " + OpenApiLimits.RECEIVE_TIMEOUT
        + " of its first byte; the connection is closed.",
        headers = @Header(name = RequestIds.HEADER, ref = PetErrorResponses.REQUEST_ID),
        content = @Content(schema = @Schema(implementation = ErrorResponse.class), examples = @ExampleObject(name = "request_timeout",
                value = "{\"code\":\"request_timeout\",\"message\":\"The request did not arrive within 10 s\",\"status\":408}")))
@ApiResponse(responseCode = "414", description = "The request line exceeds " + OpenApiLimits.MAX_REQUEST_LINE + "; the connection is closed.",
        headers = @Header(name = RequestIds.HEADER, ref = PetErrorResponses.REQUEST_ID),
        content = @Content(schema = @Schema(implementation = ErrorResponse.class), examples = @ExampleObject(name = "uri_too_long",
                value = "{\"code\":\"uri_too_long\",\"message\":\"The request URI is too long\",\"status\":414}")))
@ApiResponse(responseCode = "431", description = "The request headers exceed " + OpenApiLimits.MAX_HEADER_SIZE + "; the connection is closed.",
        headers = @Header(name = RequestIds.HEADER, ref = PetErrorResponses.REQUEST_ID),
        content = @Content(schema = @Schema(implementation = ErrorResponse.class), examples = @ExampleObject(name = "headers_too_large",
                value = "{\"code\":\"headers_too_large\",\"message\":\"The request headers are too large\",\"status\":431}")))
@ApiResponse(responseCode = "429", description = "`rate_limited`: the API key's quota for the current window is used up; retry"
        + " after `Retry-After` seconds. Only when a quota applies to the key (see `RateLimit-Policy`).",
        headers = {@Header(name = RequestIds.HEADER, ref = PetErrorResponses.REQUEST_ID),
                @Header(name = "Retry-After", required = true, description = "Seconds until the quota's window resets.",
                        schema = @Schema(type = "integer", format = "int32", minimum = "1", example = "42")),
                @Header(name = RateLimitHeaders.POLICY, required = true, description = RateLimitHeaders.POLICY_DESCRIPTION,
                        schema = @Schema(type = "string", example = RateLimitHeaders.POLICY_EXAMPLE)),
                @Header(name = RateLimitHeaders.REMAINING, required = true, description = RateLimitHeaders.REMAINING_DESCRIPTION,
                        schema = @Schema(type = "string", example = "\"default\";r=0;t=42"))},
        content = @Content(schema = @Schema(implementation = ErrorResponse.class), examples = @ExampleObject(name = "rate_limited",
                value = "{\"code\":\"rate_limited\",\"message\":\"This API key's quota of 600 requests per 60 s is used up;"
                        + " retry after the Retry-After seconds\",\"status\":429}")))
@ApiResponse(responseCode = "500", description = "An unexpected failure; details are logged, never returned.",
        headers = @Header(name = RequestIds.HEADER, ref = PetErrorResponses.REQUEST_ID),
        content = @Content(schema = @Schema(implementation = ErrorResponse.class), examples = @ExampleObject(name = "internal_error",
                value = "{\"code\":\"internal_error\",\"message\":\"An unexpected error occurred\",\"status\":500}")))
@ApiResponse(responseCode = "503", description = "The catalogue's storage is out of reach, or too slow to keep up (the request"
        + " waited longer than " + OpenApiLimits.MAX_QUEUE_WAIT + " for a worker); retry after `Retry-After` seconds.",
        headers = {@Header(name = RequestIds.HEADER, ref = PetErrorResponses.REQUEST_ID),
                @Header(name = "Retry-After", required = true, description = "Seconds to wait before retrying.",
                schema = @Schema(type = "integer", format = "int32", minimum = "1", example = "2"))},
        content = @Content(schema = @Schema(implementation = ErrorResponse.class),
                examples = @ExampleObject(name = "service_unavailable", value = PetErrorResponses.SERVICE_UNAVAILABLE)))
interface PetErrorResponses {

    /** Headers and parameters many responses share, declared once in {@code src/main/openapi/pets.yml}. */
    String REQUEST_ID = "#/components/headers/X-Request-Id";
    String REQUEST_ID_PARAMETER = "#/components/parameters/X-Request-Id";
    String DEPRECATION = "#/components/headers/Deprecation";
    String SUNSET = "#/components/headers/Sunset";
    String SUCCESSOR_LINK = "#/components/headers/Successor-Link";

    String NOT_ACCEPTABLE = "{\"code\":\"not_acceptable\",\"message\":\"Responses are available as application/json only\",\"status\":406}";
    String SERVICE_UNAVAILABLE = "{\"code\":\"service_unavailable\",\"message\":\"The catalogue is temporarily unavailable; retry later\",\"status\":503}";
    String PET = "{\"id\":42,\"name\":\"Rex\",\"categoryId\":3,\"status\":\"available\"}";
}
