package org.animalstore.adapters.rest.pet;

import io.micronaut.http.HttpParameters;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.model.PetStatus;

/**
 * The query parameters of GET /v1/pets, checked strictly (each at most once, integers in plain
 * decimal digits), and the RFC 8288 link to the next page, which carries them back. Parameters are
 * separated by {@code &} only, as in RFC 3986 forms and the WHATWG URL standard: application.yml sets
 * {@code micronaut.server.semicolon-is-normal-char}, without which Micronaut also splits at {@code ;}
 * and reads {@code limit=1;x} as {@code limit=1}.
 */
final class PetListingParameters {

    // At most 4 digits: anything longer is out of range anyway, and cannot overflow.
    private static final Pattern LIMIT_DIGITS = Pattern.compile("[0-9]{1,4}");

    static final String LIMIT_RANGE = "limit must be an integer from " + PetQuery.MIN_LIMIT + " to " + PetQuery.MAX_LIMIT;

    private PetListingParameters() {
    }

    static PetQuery toQuery(HttpParameters parameters, PageCursors cursors) {
        int limit = single(parameters, "limit").map(PetListingParameters::parseLimit).orElse(PetQuery.DEFAULT_LIMIT);
        Optional<PetStatus> status = single(parameters, "status").map(PetStatusValue::parse);
        Optional<PetId> after = single(parameters, "cursor").map(cursor -> cursors.decode(cursor, status));
        return new PetQuery(limit, status, after);
    }

    /** {@code </v1/pets?limit=..[&status=..]&cursor=..>; rel="next"}: the same query, continued after {@code nextAfter}. */
    static String nextLink(PetQuery query, PetId nextAfter, PageCursors cursors) {
        StringBuilder uri = new StringBuilder("/v1/pets?limit=").append(query.limit());
        query.status().ifPresent(status -> uri.append("&status=").append(PetStatusValue.of(status).name()));
        uri.append("&cursor=").append(cursors.encode(nextAfter, query.status()));
        return "<" + uri + ">; rel=\"next\"";
    }

    private static int parseLimit(String value) {
        if (!LIMIT_DIGITS.matcher(value).matches()) {
            throw ApiException.invalidRequest(LIMIT_RANGE);
        }
        int limit = Integer.parseInt(value);
        if (limit < PetQuery.MIN_LIMIT || limit > PetQuery.MAX_LIMIT) {
            throw ApiException.invalidRequest(LIMIT_RANGE);
        }
        return limit;
    }

    private static Optional<String> single(HttpParameters parameters, String name) {
        List<String> values = parameters.getAll(name);
        if (values.size() > 1) {
            throw ApiException.invalidRequest(name + " must be given at most once");
        }
        return values.stream().findFirst();
    }
}
