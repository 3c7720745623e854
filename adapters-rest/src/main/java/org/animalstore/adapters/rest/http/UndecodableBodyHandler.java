package org.animalstore.adapters.rest.http;

import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.netty.handler.codec.compression.DecompressionException;
import jakarta.inject.Singleton;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.adapters.rest.error.ErrorResponse;
import org.animalstore.adapters.rest.error.ErrorResponses;

/** A body that is not what its Content-Encoding says (plain bytes sent as gzip) is the client's fault: 400, not 500. */
@Singleton
@Requires(property = WorkaroundSwitch.PROPERTY, notEquals = "false")
final class UndecodableBodyHandler implements ExceptionHandler<DecompressionException, HttpResponse<ErrorResponse>> {

    @Override
    public HttpResponse<ErrorResponse> handle(HttpRequest request, DecompressionException exception) {
        return ErrorResponses.of(ErrorCode.MALFORMED_JSON, "The request body could not be decoded as its Content-Encoding says");
    }
}
