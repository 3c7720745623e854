package org.animalstore.adapters.rest.error;

import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;

/** The body of every error response; {@code status} repeats the HTTP status code. */
@Serdeable
@Schema(name = "Error", description = "Every error response carries this body.", requiredProperties = {"code", "message", "status"})
public record ErrorResponse(
        // The enum must list exactly ErrorCode's codes: the contract test compares them.
        @Schema(description = ErrorCode.TABLE, type = "string", example = "invalid_request", allowableValues = {
                "malformed_json", "invalid_request", "invalid_cursor", "unauthorized", "origin_not_allowed", "not_found", "method_not_allowed",
                "not_acceptable", "request_timeout", "idempotency_key_in_use", "gone", "payload_too_large", "uri_too_long", "unsupported_media_type",
                "idempotency_key_reused", "rate_limited", "headers_too_large", "internal_error", "not_implemented", "service_unavailable",
                "http_version_not_supported"})
        String code,
        @Schema(description = "Human-readable description, for people: its wording may change.",
                example = "limit must be an integer from 1 to 100")
        String message,
        @Schema(description = "The HTTP status code of the response.", format = "int32", minimum = "400", maximum = "599", example = "400")
        int status) {

    public static ErrorResponse of(ErrorCode code, String message) {
        return new ErrorResponse(code.code(), message, code.status().getCode());
    }
}
