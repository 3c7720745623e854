package org.animalstore.adapters.rest.docs;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.swagger.v3.oas.annotations.Hidden;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Serves the OpenAPI document generated at compile time, as {@code application/yaml} (RFC 9512): served as a
 * static resource it would go out as text/plain. Readable without an API key (application.yml says so).
 */
@Hidden
@Controller
final class OpenApiDocumentController {

    /** Where the document is served; the Swagger UI page (/swagger-ui/) loads it from here. */
    static final String PATH = "/swagger/animal-store.yml";
    static final String YAML = "application/yaml";
    private static final String RESOURCE = "META-INF" + PATH;

    private final byte[] document;

    OpenApiDocumentController() {
        try (InputStream in = OpenApiDocumentController.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("The OpenAPI document " + RESOURCE + " is missing: build adapters-rest with its annotation processors");
            }
            this.document = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Get(uri = PATH, produces = YAML)
    HttpResponse<byte[]> document() {
        return HttpResponse.ok(document);
    }
}
