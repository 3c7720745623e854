package org.animalstore.adapters.rest.error;

import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import jakarta.inject.Singleton;
import java.net.URISyntaxException;
import java.util.Optional;

/**
 * Gives every error the framework produces (unknown route, wrong method, unsupported media type,
 * body too large, authentication, unhandled exceptions) the API's Error body, whatever the client
 * accepts. The framework's own messages are dropped: they can quote parser internals.
 */
@Singleton
final class JsonErrorResponseProcessor implements ErrorResponseProcessor<ErrorResponse> {

    @Override
    public MutableHttpResponse<ErrorResponse> processResponse(ErrorContext context, MutableHttpResponse<?> response) {
        oversizedHeadStatus(context).ifPresent(response::status);
        if (context.getRequest().getMethod() == HttpMethod.HEAD) {
            return (MutableHttpResponse<ErrorResponse>) response;
        }
        ErrorResponse body = context.getRootCause()
                .map(JsonErrorResponseProcessor::forCause)
                .orElseGet(() -> ErrorResponses.forStatus(response.code()));
        return response.body(body).contentType(MediaType.APPLICATION_JSON_TYPE);
    }

    private static ErrorResponse forCause(Throwable cause) {
        return switch (cause) {
            case ApiException api -> ErrorResponse.of(api.code(), api.getMessage());
            case URISyntaxException ignored -> ErrorResponse.of(ErrorCode.INVALID_REQUEST, "The request URI is malformed");
            default -> null;
        };
    }

    /**
     * Micronaut answers 413 to every part of a request that Netty found too long; a request line
     * deserves 414 and a header block 431 (RFC 9110, RFC 6585), as the body alone is a payload.
     */
    private static Optional<HttpStatus> oversizedHeadStatus(ErrorContext context) {
        if (!(context.getRequest() instanceof NettyHttpRequest<?> netty)) {
            return Optional.empty();
        }
        Throwable cause = netty.getNativeRequest().decoderResult().cause();
        if (cause instanceof TooLongHttpLineException) {
            return Optional.of(HttpStatus.REQUEST_URI_TOO_LONG);
        }
        if (cause instanceof TooLongHttpHeaderException) {
            return Optional.of(HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE);
        }
        return Optional.empty();
    }
}
