package org.animalstore.adapters.rest.error;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The REST adapter's own 503: answered as storage out of reach is, with a hint to retry. */
@Singleton
final class ServiceUnavailableHandler implements ExceptionHandler<ServiceUnavailableException, HttpResponse<ErrorResponse>> {

    private static final Logger LOG = LoggerFactory.getLogger(ServiceUnavailableHandler.class);

    @Override
    public HttpResponse<ErrorResponse> handle(HttpRequest request, ServiceUnavailableException exception) {
        LOG.warn("Service unavailable for {}: {}", request.getPath(), exception.getMessage());
        return StorageUnavailableHandler.serviceUnavailable();
    }
}
