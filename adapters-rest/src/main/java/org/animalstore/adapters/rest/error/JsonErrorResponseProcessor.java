package org.animalstore.adapters.rest.error;

import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import jakarta.inject.Singleton;

/**
 * Gives every error the framework produces (unknown route, wrong method, unsupported media type,
 * body too large, authentication, unhandled exceptions) the API's Error body, whatever the client
 * accepts. The framework's own messages are dropped: they can quote parser internals.
 */
@Singleton
final class JsonErrorResponseProcessor implements ErrorResponseProcessor<ErrorResponse> {

    @Override
    public MutableHttpResponse<ErrorResponse> processResponse(ErrorContext context, MutableHttpResponse<?> response) {
        if (headersTooLarge(context)) {
            response.status(HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE);
        }
        if (context.getRequest().getMethod() == HttpMethod.HEAD) {
            return (MutableHttpResponse<ErrorResponse>) response;
        }
        ErrorResponse body = context.getRootCause()
                .filter(ApiException.class::isInstance)
                .map(cause -> ErrorResponse.of(((ApiException) cause).code(), cause.getMessage()))
                .orElseGet(() -> ErrorResponses.forStatus(response.code()));
        return response.body(body).contentType(MediaType.APPLICATION_JSON_TYPE);
    }

    /** Netty refused the header block; Micronaut reports every oversized frame as 413, headers deserve 431 (RFC 6585). */
    private static boolean headersTooLarge(ErrorContext context) {
        return context.getRequest() instanceof NettyHttpRequest<?> netty
                && netty.getNativeRequest().decoderResult().cause() instanceof TooLongHttpHeaderException;
    }
}
