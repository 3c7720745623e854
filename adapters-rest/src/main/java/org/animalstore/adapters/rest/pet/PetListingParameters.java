package org.animalstore.adapters.rest.pet;

import io.micronaut.http.HttpParameters;
import java.util.List;
import java.util.Optional;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.domain.model.PetQuery;

/** The query parameters of GET /v1/pets, checked strictly: each at most once, integers in plain decimal digits. */
final class PetListingParameters {

    static final String LIMIT_RANGE = "limit must be an integer from " + PetQuery.MIN_LIMIT + " to " + PetQuery.MAX_LIMIT;

    private PetListingParameters() {
    }

    static PetQuery toQuery(HttpParameters parameters) {
        int limit = single(parameters, "limit").map(PetListingParameters::parseLimit).orElse(PetQuery.DEFAULT_LIMIT);
        var status = single(parameters, "status")
                .map(value -> PetJsonMapper.toStatusValue(value)
                        .orElseThrow(() -> ApiException.invalidRequest(NewPetJsonReader.STATUS_VALUES)))
                .map(PetJsonMapper::toStatus);
        return new PetQuery(limit, status, Optional.empty());
    }

    private static int parseLimit(String value) {
        // At most 4 digits: anything longer is out of range anyway, and cannot overflow.
        if (!value.matches("[0-9]{1,4}")) {
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
