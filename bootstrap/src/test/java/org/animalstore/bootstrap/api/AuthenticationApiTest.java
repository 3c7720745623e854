package org.animalstore.bootstrap.api;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.animalstore.bootstrap.support.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every route, known or not, answers 401 with a Bearer challenge unless a configured API key is presented. */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class AuthenticationApiTest extends ApiTestBase {

    static Stream<Arguments> every_route() {
        return Stream.of(
                Arguments.of("GET", "/v1/pets"),
                Arguments.of("GET", "/v1/pets?limit=0"),
                Arguments.of("POST", "/v1/pets"),
                Arguments.of("GET", "/v1/pets/1"),
                Arguments.of("GET", "/v1/pets/abc"),
                Arguments.of("GET", "/v1/store/orders"),
                Arguments.of("DELETE", "/v1/pets/1"),
                Arguments.of("PUT", "/v1/pets"),
                Arguments.of("GET", "/v1/unknown"),
                Arguments.of("GET", "/v1/pets/"),
                Arguments.of("GET", "/v2/pets"),
                Arguments.of("GET", "/"));
    }

    static Stream<Arguments> bad_credentials() {
        return Stream.of(
                Arguments.of((String) null),
                Arguments.of("Bearer wrong-key-0000000000000"),
                Arguments.of("Bearer " + ApiClient.KEY + "x"),
                Arguments.of("Bearer " + ApiClient.KEY.substring(1)),
                Arguments.of("Basic dGVzdDp0ZXN0"),
                Arguments.of(ApiClient.KEY),
                Arguments.of("Bearer"),
                Arguments.of("Bearer "),
                Arguments.of("Bearer " + ApiClient.KEY + " extra"),
                Arguments.of("Token " + ApiClient.KEY),
                Arguments.of("Bearer local-dev-key-do-not-deploy"));
    }

    static Stream<Arguments> every_route_with_bad_credentials() {
        return every_route().flatMap(route -> bad_credentials().map(credentials ->
                Arguments.of(route.get()[0], route.get()[1], credentials.get()[0])));
    }

    @ParameterizedTest
    @MethodSource("every_route_with_bad_credentials")
    void answers_401_with_a_bearer_challenge(String method, String path, String authorization) {
        ApiClient.Call call = api.call(method, path).anonymous().header("Content-Type", "application/json").body("{}");
        if (authorization != null) {
            call.header("Authorization", authorization);
        }

        ApiClient.Response response = call.send();

        assertError(response, 401, "unauthorized");
        assertThat(response.header("WWW-Authenticate")).hasValueSatisfying(challenge -> assertThat(challenge).startsWith("Bearer"));
    }

    @Test
    void answers_401_with_json_even_to_a_browser() {
        ApiClient.Response response = api.call("GET", "/v1/pets").anonymous().header("Accept", "text/html").send();

        assertError(response, 401, "unauthorized");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bearer ", "bearer ", "BEARER ", "bEaReR ", "Bearer   "})
    void accepts_the_scheme_name_in_any_case(String scheme) {
        ApiClient.Response response = api.call("GET", "/v1/pets").header("Authorization", scheme + ApiClient.KEY).send();

        assertThat(response.status()).isEqualTo(200);
    }

    @Test
    void accepts_every_configured_key_so_keys_can_rotate() {
        ApiClient.Response response = api.call("GET", "/v1/pets").header("Authorization", "Bearer " + ApiClient.ROTATED_KEY).send();

        assertThat(response.status()).isEqualTo(200);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void answers_401_to_two_authorization_headers_whichever_comes_first(boolean validFirst) {
        String valid = "Authorization: " + ApiClient.BEARER;
        String wrong = "Authorization: Bearer wrong-key-0000000000000";
        String credentials = validFirst ? valid + "\r\n" + wrong : wrong + "\r\n" + valid;

        RawHttp.Response response = RawHttp.send(server.getURI(), "POST /v1/pets HTTP/1.1\r\nHost: localhost\r\n" + credentials
                + "\r\nContent-Type: application/json\r\nContent-Length: 29", "{\"name\":\"Rex\",\"categoryId\":1}".getBytes(StandardCharsets.UTF_8));

        assertThat(response.status()).isEqualTo(401);
        assertThat(response.body()).contains("\"code\":\"unauthorized\"");
        assertThat(catalogue.count()).isZero();
    }
}
