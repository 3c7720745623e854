package org.animalstore.adapters.rest.error;

import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;

/** The body of every error response; {@code status} repeats the HTTP status code. */
@Serdeable
@Schema(name = "Error", description = "Every error response carries this body.", requiredProperties = {"code", "message", "status"})
public record ErrorResponse(
        @Schema(description = "Machine-readable error code.", example = "invalid_request") String code,
        @Schema(description = "Human-readable description.", example = "limit must be an integer from 1 to 100") String message,
        @Schema(description = "The HTTP status code of the response.", format = "int32", example = "400") int status) {

    public static ErrorResponse of(ErrorCode code, String message) {
        return new ErrorResponse(code.code(), message, code.status().getCode());
    }
}
