package org.animalstore.adapters.rest.docs;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.json.JsonMapper;
import io.swagger.v3.oas.annotations.Hidden;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Serves the OpenAPI document generated at compile time, as {@code application/yaml} (RFC 9512) at {@value #PATH}
 * (for Swagger UI) and {@value #YAML_PATH}, and as JSON at {@value #JSON_PATH}: without an API key, cacheable.
 */
@Hidden
@Controller
final class OpenApiDocumentController {

    static final String PATH = "/swagger/animal-store.yml";
    static final String YAML_PATH = "/openapi.yaml";
    static final String JSON_PATH = "/openapi.json";
    static final String YAML = "application/yaml";
    static final String CACHE_CONTROL = "public, max-age=300";
    private static final String RESOURCE = "META-INF" + PATH;

    private final byte[] yaml;
    private final byte[] json;

    OpenApiDocumentController(JsonMapper jsonMapper) {
        try (InputStream in = OpenApiDocumentController.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("The OpenAPI document " + RESOURCE + " is missing: build adapters-rest with its annotation processors");
            }
            this.yaml = in.readAllBytes();
            Object tree = new Yaml(new SafeConstructor(new LoaderOptions())).load(new String(yaml, StandardCharsets.UTF_8));
            this.json = jsonMapper.writeValueAsBytes(tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Get(uris = {PATH, YAML_PATH}, produces = YAML)
    HttpResponse<byte[]> yaml() {
        return cacheable(yaml);
    }

    @Get(uri = JSON_PATH, produces = MediaType.APPLICATION_JSON)
    HttpResponse<byte[]> json() {
        return cacheable(json);
    }

    private static HttpResponse<byte[]> cacheable(byte[] body) {
        return HttpResponse.ok(body).header(HttpHeaders.CACHE_CONTROL, CACHE_CONTROL);
    }
}
