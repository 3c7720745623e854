package org.animalstore.adapters.rest.error;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;

/**
 * The one writer of error responses, whichever layer refuses the request: for Micronaut's responses, and as bytes
 * for the HTTP fence below it ({@code http/RefusalResponses}); and what each status says when nothing more is known.
 * As Micronaut's {@link ErrorResponseProcessor}, it gives every error the framework produces (unknown route, wrong
 * method, authentication, unhandled exceptions...) the Error body, whatever the client accepts. The framework's own
 * messages are dropped: they can quote parser internals. (What the HTTP decoder could not read never gets here: the
 * fence, {@code http/ConnectionGuard}, answers it.)
 */
@Singleton
public final class ErrorResponses implements ErrorResponseProcessor<ErrorResponse> {

    /** The media type of every Error body. */
    public static final String CONTENT_TYPE = MediaType.APPLICATION_JSON;

    public static MutableHttpResponse<ErrorResponse> of(ErrorCode code, String message) {
        return HttpResponse.status(code.status()).body(ErrorResponse.of(code, message)).contentType(CONTENT_TYPE);
    }

    /** The Error body as bytes, for answers written below Micronaut (whose serialiser is {@code json} too). */
    public static byte[] bytes(JsonMapper json, ErrorCode code, String message) {
        try {
            return json.writeValueAsBytes(ErrorResponse.of(code, message));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The error body for a status the framework chose (unknown route, wrong method, ...). */
    public static ErrorResponse forStatus(int status) {
        return switch (status) {
            case 400 -> ErrorResponse.of(ErrorCode.INVALID_REQUEST, "The request is invalid");
            case 401 -> ErrorResponse.of(ErrorCode.UNAUTHORIZED, "A valid API key is required: send it as 'Authorization: Bearer <API key>'");
            case 404 -> ErrorResponse.of(ErrorCode.NOT_FOUND, "No resource at this path");
            case 405 -> ErrorResponse.of(ErrorCode.METHOD_NOT_ALLOWED, "This method is not allowed on this path");
            case 406 -> ErrorResponse.of(ErrorCode.NOT_ACCEPTABLE, "Responses are available as application/json only");
            case 413 -> ErrorResponse.of(ErrorCode.PAYLOAD_TOO_LARGE, "The request body is too large");
            case 414 -> ErrorResponse.of(ErrorCode.URI_TOO_LONG, "The request URI is too long");
            case 415 -> ErrorResponse.of(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "The request body must be sent as application/json");
            case 431 -> ErrorResponse.of(ErrorCode.HEADERS_TOO_LARGE, "The request headers are too large");
            case 501 -> ErrorResponse.of(ErrorCode.NOT_IMPLEMENTED, "This operation is not implemented");
            case 503 -> ErrorResponse.of(ErrorCode.SERVICE_UNAVAILABLE, "The service is temporarily unavailable; retry later");
            default -> status >= 500
                    ? new ErrorResponse(ErrorCode.INTERNAL_ERROR.code(), "An unexpected error occurred", status)
                    : new ErrorResponse(ErrorCode.INVALID_REQUEST.code(), "The request could not be processed", status);
        };
    }

    @Override
    public MutableHttpResponse<ErrorResponse> processResponse(ErrorContext context, MutableHttpResponse<?> response) {
        context.getRootCause().ifPresent(OutOfMemory::exitIfCause);
        ErrorResponse body = context.getRootCause()
                .map(ErrorResponses::forCause)
                .orElseGet(() -> forStatus(response.code()));
        return response.body(body).contentType(CONTENT_TYPE);
    }

    private static ErrorResponse forCause(Throwable cause) {
        return switch (cause) {
            case ApiException api -> ErrorResponse.of(api.code(), api.getMessage());
            case URISyntaxException ignored -> ErrorResponse.of(ErrorCode.INVALID_REQUEST, "The request URI is malformed");
            default -> null;
        };
    }
}
