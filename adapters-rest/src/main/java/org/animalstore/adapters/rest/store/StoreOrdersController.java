package org.animalstore.adapters.rest.store;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.Hidden;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.adapters.rest.error.ErrorResponse;
import org.animalstore.adapters.rest.error.ErrorResponses;

/**
 * The specification mentions {@code GET /store/orders} without its contract: 501 says "known, not built", not a
 * misleading 404. Hidden from the OpenAPI document: client generators would get a method that always fails.
 */
@Hidden
@Controller("/v1/store/orders")
@Secured(SecurityRule.IS_AUTHENTICATED)
final class StoreOrdersController {

    @Get(produces = MediaType.APPLICATION_JSON)
    HttpResponse<ErrorResponse> listOrders() {
        return ErrorResponses.of(ErrorCode.NOT_IMPLEMENTED,
                "Store orders are not implemented: the specification does not define this operation's contract");
    }
}
