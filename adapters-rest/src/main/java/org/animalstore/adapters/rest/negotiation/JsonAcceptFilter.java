package org.animalstore.adapters.rest.negotiation;

import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.server.annotation.PreMatching;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.animalstore.adapters.rest.http.WorkaroundSwitch;
import org.animalstore.adapters.rest.ops.Requests;

/**
 * Makes Micronaut's router answer {@code Accept} as RFC 9110 12.5.1 reads it on the API's paths: the router compares
 * media ranges literally (micronaut-core #6637), so {@code application/*} got 406 and {@code application/json;q=0} JSON.
 * Of the ranges matching {@code application/json}, the most specific decides; a weight of 0 refuses. Before routing,
 * a header read otherwise than by the router is replaced by {@code application/json} or by a type no route produces
 * (the router's 406), through {@code mutate()}; a {@code MutableHttpRequest} parameter would make Micronaut mutate all.
 * Canary: {@code MicronautCanaryTest.micronaut_refuses_a_client_that_accepts_any_application_type}.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Requires(property = WorkaroundSwitch.PROPERTY, notEquals = "false")
final class JsonAcceptFilter {

    /** Matches no route, so the router answers 406; never reaches a client. */
    static final String NOTHING_ACCEPTABLE = "application/x-not-acceptable";

    /** RFC 9110 12.4.2: qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ). */
    private static final Pattern QVALUE = Pattern.compile("0(\\.\\d{0,3})?|1(\\.0{0,3})?");

    /** The ranges matching JSON, least specific first: a range's specificity is its index plus one (0: not JSON). */
    private static final List<String> JSON_RANGES = List.of("*/*", "application/*", "application/json");

    /** JSON acceptable; refused (JSON's ranges at weight 0 only, or other types only); not media ranges (left to the framework). */
    enum Verdict { JSON, REFUSED, UNREADABLE }

    @PreMatching
    @RequestFilter
    void readAcceptAsTheRfcDoes(HttpRequest<?> request) {
        String accept = request.getHeaders().get(HttpHeaders.ACCEPT);
        if (accept == null || accept.equals("application/json") || accept.equals("*/*") || !Requests.forTheApi(request)) {
            return;
        }
        List<String> lines = request.getHeaders().getAll(HttpHeaders.ACCEPT);
        switch (verdict(lines.size() == 1 ? accept : String.join(",", lines))) {
            case JSON -> request.mutate().getHeaders().set(HttpHeaders.ACCEPT, "application/json");
            case REFUSED -> request.mutate().getHeaders().set(HttpHeaders.ACCEPT, NOTHING_ACCEPTABLE);
            case UNREADABLE -> { } // the framework decides, as without this filter
        }
    }

    static Verdict verdict(String accept) {
        int specificity = 0;
        double weight = 0;
        boolean ranges = false;
        for (String element : accept.split(",")) {
            if (element.isBlank()) {
                continue; // RFC 9110 5.6.1: empty list elements are ignored
            }
            String[] parts = element.split(";");
            String range = parts[0].strip().toLowerCase(Locale.ROOT);
            int slash = range.indexOf('/');
            if (slash <= 0 || slash == range.length() - 1 || range.startsWith("*/") && !range.equals("*/*")) {
                return Verdict.UNREADABLE;
            }
            double rangeWeight = 1;
            for (int i = 1; i < parts.length; i++) {
                String parameter = parts[i].strip();
                if (parameter.regionMatches(true, 0, "q=", 0, 2)) {
                    String qvalue = parameter.substring(2).strip();
                    if (!QVALUE.matcher(qvalue).matches()) {
                        return Verdict.UNREADABLE;
                    }
                    rangeWeight = Double.parseDouble(qvalue);
                }
            }
            ranges = true;
            int rangeSpecificity = JSON_RANGES.indexOf(range) + 1;
            if (rangeSpecificity > specificity) {
                specificity = rangeSpecificity;
                weight = rangeWeight;
            } else if (rangeSpecificity == specificity && rangeSpecificity > 0) {
                weight = Math.max(weight, rangeWeight);
            }
        }
        if (!ranges) {
            return Verdict.UNREADABLE;
        }
        return specificity > 0 && weight > 0 ? Verdict.JSON : Verdict.REFUSED;
    }
}
