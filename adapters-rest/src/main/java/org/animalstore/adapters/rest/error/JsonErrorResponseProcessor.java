package org.animalstore.adapters.rest.error;

import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;
import java.net.URISyntaxException;

/**
 * Gives every error the framework produces (unknown route, wrong method, authentication, unhandled exceptions...)
 * the API's Error body, whatever the client accepts. The framework's own messages are dropped: they can quote parser
 * internals. (What the HTTP decoder could not read never gets here: the fence, {@code http/ConnectionGuard}, answers it.)
 */
@Singleton
final class JsonErrorResponseProcessor implements ErrorResponseProcessor<ErrorResponse> {

    @Override
    public MutableHttpResponse<ErrorResponse> processResponse(ErrorContext context, MutableHttpResponse<?> response) {
        context.getRootCause().ifPresent(OutOfMemory::exitIfCause);
        ErrorResponse body = context.getRootCause()
                .map(JsonErrorResponseProcessor::forCause)
                .orElseGet(() -> ErrorResponses.forStatus(response.code()));
        return response.body(body).contentType(ErrorResponses.CONTENT_TYPE);
    }

    private static ErrorResponse forCause(Throwable cause) {
        return switch (cause) {
            case ApiException api -> ErrorResponse.of(api.code(), api.getMessage());
            case URISyntaxException ignored -> ErrorResponse.of(ErrorCode.INVALID_REQUEST, "The request URI is malformed");
            default -> null;
        };
    }
}
