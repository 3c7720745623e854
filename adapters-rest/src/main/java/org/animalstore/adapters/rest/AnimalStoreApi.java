package org.animalstore.adapters.rest;

import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.enums.SecuritySchemeType;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.security.SecurityScheme;

/** The API's OpenAPI identity: title, version and the bearer scheme every operation requires. */
@OpenAPIDefinition(
        info = @Info(title = "Animal Store Service", version = "1.0.0",
                description = "A catalogue of animals for sale (\"pets\"): list them, add one, fetch one."),
        security = @SecurityRequirement(name = "apiKey"))
@SecurityScheme(name = "apiKey", type = SecuritySchemeType.HTTP, scheme = "bearer",
        description = "The API key, sent as `Authorization: Bearer <API key>`.")
public final class AnimalStoreApi {

    private AnimalStoreApi() {
    }
}
