package org.animalstore.adapters.rest.error;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;

@Singleton
final class ApiExceptionHandler implements ExceptionHandler<ApiException, HttpResponse<ErrorResponse>> {

    @Override
    public HttpResponse<ErrorResponse> handle(HttpRequest request, ApiException exception) {
        return ErrorResponses.of(exception);
    }
}
