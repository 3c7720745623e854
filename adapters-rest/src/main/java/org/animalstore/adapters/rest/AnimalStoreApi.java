package org.animalstore.adapters.rest;

import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.enums.SecuritySchemeType;
import io.swagger.v3.oas.annotations.info.Contact;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.info.License;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.security.SecurityScheme;
import io.swagger.v3.oas.annotations.servers.Server;
import io.swagger.v3.oas.annotations.tags.Tag;

/** The API's OpenAPI identity; the servers but the first, and the contact, are build-time placeholders (openapi.properties). */
@OpenAPIDefinition(
        info = @Info(title = "Animal Store Service", version = "1.0.0",
                description = """
                        A catalogue of animals for sale ("pets"): list them, add one, fetch one (deprecated).

                        Every operation needs an API key, sent as `Authorization: Bearer <API key>`. Every request \
                        and response body is JSON (`application/json`), and every error answers the `Error` body \
                        `{"code","message","status"}`, whose `code` is stable (see the `Error` schema for the codes).

                        The server addresses include the version prefix `/v1`; paths are relative to them.""",
                contact = @Contact(name = "Animal Store Service operators", url = "${animalstore.contact.url}", email = "${animalstore.contact.email}"),
                license = @License(name = "Apache-2.0", url = "https://www.apache.org/licenses/LICENSE-2.0")),
        servers = {
                // First, so the documentation page and generated clients call the instance that serves the document.
                @Server(url = "/v1", description = "This instance (the host that serves this document)"),
                @Server(url = "${animalstore.server.production}", description = "Production"),
                @Server(url = "${animalstore.server.staging}", description = "Staging")},
        tags = @Tag(name = "pets", description = "The catalogue of animals for sale."),
        security = @SecurityRequirement(name = "apiKey"))
@SecurityScheme(name = "apiKey", type = SecuritySchemeType.HTTP, scheme = "bearer",
        description = "The API key, sent as `Authorization: Bearer <API key>`.")
interface AnimalStoreApi {
}
