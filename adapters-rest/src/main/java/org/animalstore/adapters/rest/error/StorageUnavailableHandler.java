package org.animalstore.adapters.rest.error;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;
import org.animalstore.adapters.rest.ops.RequestMethods;
import org.animalstore.domain.port.out.StorageUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Storage out of reach is temporary: 503 with a hint to retry, never a 500. */
@Singleton
final class StorageUnavailableHandler implements ExceptionHandler<StorageUnavailableException, HttpResponse<ErrorResponse>> {

    private static final Logger LOG = LoggerFactory.getLogger(StorageUnavailableHandler.class);

    @Override
    public HttpResponse<ErrorResponse> handle(HttpRequest request, StorageUnavailableException exception) {
        LOG.warn("Storage unavailable for {} {}: {}", RequestMethods.of(request), request.getPath(), exception.getMessage());
        return serviceUnavailable();
    }

    /** Also {@link ServiceUnavailableHandler}'s answer: one 503 however the service came to be unavailable. */
    static MutableHttpResponse<ErrorResponse> serviceUnavailable() {
        return ErrorResponses.of(ErrorCode.SERVICE_UNAVAILABLE, "The catalogue is temporarily unavailable; retry later")
                .header(HttpHeaders.RETRY_AFTER, "2");
    }
}
