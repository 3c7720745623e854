package org.animalstore.adapters.rest.error;

import io.micronaut.context.annotation.Factory;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;
import org.animalstore.adapters.rest.ops.Requests;
import org.animalstore.domain.model.InvalidPetException;
import org.animalstore.domain.port.out.StorageUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The handlers of exceptions other than {@link ApiException} (a status exception Micronaut answers): a value the domain
 * refuses is the client's mistake (400); storage out of reach, or no catalogue worker in time, is temporary (503, never 500).
 */
@Factory
final class StorageUnavailableHandler {

    private static final Logger LOG = LoggerFactory.getLogger(StorageUnavailableHandler.class);

    @Singleton
    ExceptionHandler<InvalidPetException, HttpResponse<ErrorResponse>> invalidPet() {
        return (request, exception) -> ErrorResponses.of(ErrorCode.INVALID_REQUEST, exception.getMessage());
    }

    @Singleton
    ExceptionHandler<StorageUnavailableException, HttpResponse<ErrorResponse>> storageUnavailable() {
        return (request, exception) -> {
            LOG.warn("Storage unavailable for {} {}: {}", Requests.method(request), request.getPath(), exception.getMessage());
            return retryLater();
        };
    }

    @Singleton
    ExceptionHandler<ServiceUnavailableException, HttpResponse<ErrorResponse>> serviceUnavailable() {
        return (request, exception) -> {
            LOG.warn("Service unavailable for {}: {}", request.getPath(), exception.getMessage());
            return retryLater();
        };
    }

    private static HttpResponse<ErrorResponse> retryLater() {
        return ErrorResponses.of(ErrorCode.SERVICE_UNAVAILABLE, "The catalogue is temporarily unavailable; retry later")
                .header(HttpHeaders.RETRY_AFTER, "2");
    }
}
