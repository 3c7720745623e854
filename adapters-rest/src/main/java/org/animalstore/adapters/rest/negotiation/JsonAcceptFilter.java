package org.animalstore.adapters.rest.negotiation;

import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.server.annotation.PreMatching;
import java.util.List;
import org.animalstore.adapters.rest.http.WorkaroundSwitch;
import org.animalstore.adapters.rest.ops.Requests;

/**
 * Makes Micronaut's router answer {@code Accept} as RFC 9110 12.5.1 reads it on the API's paths (the OpenAPI document
 * and its page negotiate other types). The router compares media ranges literally (micronaut-core #6637):
 * {@code application/*} found no route (406) and {@code application/json;q=0} was served JSON. Before routing
 * ({@link PreMatching}), a header whose reading differs from the router's is replaced by {@code application/json}
 * (JSON acceptable) or by a type no route produces (refused: the router's 406), through {@code mutate()}, whose headers
 * are the request's own. The headers most clients send ({@code application/json}, {@code *}{@code /*}, none) pass
 * unparsed; the method takes the request as it is: a {@code MutableHttpRequest} parameter makes Micronaut mutate all.
 * Canary: adapters-rest's {@code MicronautCanaryTest.micronaut_refuses_a_client_that_accepts_any_application_type}.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Requires(property = WorkaroundSwitch.PROPERTY, notEquals = "false")
final class JsonAcceptFilter {

    /** Matches no route, so the router answers 406; never reaches a client. */
    static final String NOTHING_ACCEPTABLE = "application/x-not-acceptable";

    @PreMatching
    @RequestFilter
    void readAcceptAsTheRfcDoes(HttpRequest<?> request) {
        String accept = request.getHeaders().get(HttpHeaders.ACCEPT);
        if (accept == null || accept.equals("application/json") || accept.equals("*/*") || !Requests.forTheApi(request)) {
            return;
        }
        List<String> lines = request.getHeaders().getAll(HttpHeaders.ACCEPT);
        switch (JsonAcceptance.of(lines.size() == 1 ? accept : String.join(",", lines))) {
            case JSON -> request.mutate().getHeaders().set(HttpHeaders.ACCEPT, "application/json");
            case REFUSED -> request.mutate().getHeaders().set(HttpHeaders.ACCEPT, NOTHING_ACCEPTABLE);
            case UNREADABLE -> { } // the framework decides, as without this filter
        }
    }
}
