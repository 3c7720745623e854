package org.animalstore.adapters.rest.error;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.annotation.Order;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import org.animalstore.adapters.rest.ops.Requests;

/** One path per resource: Micronaut's router ignores a trailing slash, but {@code /v1/pets/} gets an unknown path's 404. */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Order(TrailingSlashFilter.ORDER)
final class TrailingSlashFilter {

    /** {@code ServerFilterPhase.SECURITY.after()}, as a constant: a filter with a dynamic order makes Micronaut sort the chain on every request. */
    static final int ORDER = 39_250;

    @RequestFilter
    @Nullable
    HttpResponse<ErrorResponse> refuseTrailingSlash(HttpRequest<?> request) {
        String path = request.getPath();
        return path.length() > 1 && path.endsWith("/") && Requests.forTheApi(request) ? ErrorResponses.of(ErrorCode.NOT_FOUND, "No resource at this path") : null;
    }
}
