package org.animalstore.bootstrap.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.animalstore.client.ApiException;
import org.animalstore.client.ApiResponse;
import org.animalstore.client.api.PetsApi;
import org.animalstore.client.model.Error;
import org.animalstore.client.model.NewPet;
import org.animalstore.client.model.Pet;
import org.animalstore.client.model.PetStatus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The service driven only by the Java client OpenAPI Generator makes from the published document
 * (bootstrap/pom.xml generates it at build time), pointed at the base address with /v1, as a client
 * team would use it: the bearer key added by a request interceptor, the library's own types throughout.
 */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class GeneratedClientApiTest extends ApiTestBase {

    private static final Pattern NEXT = Pattern.compile("<([^>]*)>;\\s*rel=\"next\"");

    private PetsApi pets;

    @BeforeEach
    void generatedClient() {
        pets = client(server, ApiClient.KEY);
    }

    @Test
    void creates_pets_with_and_without_a_status_and_fetches_one() throws ApiException {
        Pet sold = pets.createPet(new NewPet().name("Rex").categoryId(3L).status(PetStatus.SOLD), null, null);
        Pet unset = pets.createPet(new NewPet().name("Tom").categoryId(4L), null, null);

        assertThat(sold.getId()).isPositive();
        assertThat(sold.getStatus()).isEqualTo(PetStatus.SOLD);
        assertThat(unset.getStatus()).isNull();
        assertThat(pets.getPet(unset.getId(), null)).isEqualTo(unset);
    }

    @Test
    void pages_through_a_listing_by_following_the_next_link() throws ApiException {
        List<Long> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(pets.createPet(new NewPet().name("Pet " + i).categoryId(1L), null, null).getId());
        }

        List<Long> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            ApiResponse<List<Pet>> page = pets.listPetsWithHttpInfo(2, null, cursor, null);
            page.getData().forEach(pet -> seen.add(pet.getId()));
            cursor = nextCursor(page);
            pages++;
        } while (cursor != null);

        assertThat(seen).containsExactlyElementsOf(created);
        assertThat(pages).isEqualTo(3);
    }

    @Test
    void filters_a_listing_by_status() throws ApiException {
        pets.createPet(new NewPet().name("Rex").categoryId(1L).status(PetStatus.AVAILABLE), null, null);
        Pet pending = pets.createPet(new NewPet().name("Kit").categoryId(1L).status(PetStatus.PENDING), null, null);

        assertThat(pets.listPets(null, PetStatus.PENDING, null, null)).containsExactly(pending);
    }

    @Test
    void reads_404_and_401_as_the_error_body() throws Exception {
        ApiException missing = catchThrowableOfType(ApiException.class, () -> pets.getPet(987_654_321L, null));
        ApiException keyless = catchThrowableOfType(ApiException.class, () -> client(server, "not-a-configured-key-0000").listPets(null, null, null, null));

        assertThat(missing.getCode()).isEqualTo(404);
        assertThat(error(missing).getCode()).isEqualTo(Error.CodeEnum.NOT_FOUND);
        assertThat(keyless.getCode()).isEqualTo(401);
        assertThat(error(keyless).getCode()).isEqualTo(Error.CodeEnum.UNAUTHORIZED);
        assertThat(error(keyless).getStatus()).isEqualTo(401);
    }

    @Test
    void reads_429_with_its_rate_limit_headers() throws Exception {
        try (EmbeddedServer limited = ServiceContexts.server(Map.of("petstore.rate-limit", "2/86400s", "petstore.quota-sharing-interval", "1h"), "test")) {
            PetsApi client = client(limited, ApiClient.KEY);
            client.listPets(1, null, null, null);
            client.listPets(1, null, null, null);

            ApiException refused = catchThrowableOfType(ApiException.class, () -> client.listPets(1, null, null, null));

            assertThat(refused.getCode()).isEqualTo(429);
            assertThat(error(refused).getCode()).isEqualTo(Error.CodeEnum.RATE_LIMITED);
            assertThat(refused.getResponseHeaders().firstValue("Retry-After")).hasValueSatisfying(seconds -> assertThat(Long.parseLong(seconds)).isPositive());
            assertThat(refused.getResponseHeaders().firstValue("RateLimit-Policy")).contains("\"default\";q=2;w=86400");
        }
    }

    private static PetsApi client(EmbeddedServer server, String key) {
        org.animalstore.client.ApiClient client = new org.animalstore.client.ApiClient();
        client.updateBaseUri(server.getURI() + "/v1");
        client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + key));
        return new PetsApi(client);
    }

    /** The Error body, read with the generated client's own mapper. */
    private static Error error(ApiException exception) throws Exception {
        return org.animalstore.client.ApiClient.createDefaultObjectMapper().readValue(exception.getResponseBody(), Error.class);
    }

    /** The cursor of the Link rel="next" (RFC 8288), or null on the last page. */
    private static String nextCursor(ApiResponse<?> page) {
        for (String link : page.getHeaders().getOrDefault("link", List.of())) {
            Matcher next = NEXT.matcher(link);
            if (next.find()) {
                return Arrays.stream(URI.create(next.group(1)).getRawQuery().split("&"))
                        .filter(parameter -> parameter.startsWith("cursor="))
                        .map(parameter -> URLDecoder.decode(parameter.substring("cursor=".length()), StandardCharsets.UTF_8))
                        .findFirst().orElseThrow();
            }
        }
        return null;
    }
}
