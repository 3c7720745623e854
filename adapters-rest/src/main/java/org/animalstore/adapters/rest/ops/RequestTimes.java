package org.animalstore.adapters.rest.ops;

import io.micronaut.http.HttpRequest;
import java.util.OptionalLong;

/** When the service received a request, as {@link RequestObservationFilter} noted it before anything else ran. */
public final class RequestTimes {

    private RequestTimes() {
    }

    /** {@link System#nanoTime()} at the request's arrival; empty for a request no filter saw. */
    public static OptionalLong receivedNanos(HttpRequest<?> request) {
        return request.getAttribute(RequestObservationFilter.ATTRIBUTE, RequestObservationFilter.Observed.class)
                .map(observed -> OptionalLong.of(observed.startedNanos()))
                .orElseGet(OptionalLong::empty);
    }
}
