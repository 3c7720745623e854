package org.animalstore.adapters.rest.error;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;
import org.animalstore.domain.model.InvalidPetException;

/** A value the domain refuses (blank name, non-positive category, ...) is the client's mistake: 400. */
@Singleton
final class InvalidPetExceptionHandler implements ExceptionHandler<InvalidPetException, HttpResponse<ErrorResponse>> {

    @Override
    public HttpResponse<ErrorResponse> handle(HttpRequest request, InvalidPetException exception) {
        return ErrorResponses.of(ErrorCode.INVALID_REQUEST, exception.getMessage());
    }
}
