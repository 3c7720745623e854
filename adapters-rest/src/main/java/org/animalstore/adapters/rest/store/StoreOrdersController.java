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
 * The specification mentions {@code GET /store/orders} without its contract. Answering 501 (after
 * authentication) says "known, not built" instead of a misleading 404, and promises no shape.
 * Hidden from the OpenAPI document: an operation without a success response would only give client
 * generators a method that always fails (the document's error-code table still names the 501).
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
