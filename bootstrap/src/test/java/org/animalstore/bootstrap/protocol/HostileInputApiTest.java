package org.animalstore.bootstrap.protocol;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.tree.JsonNode;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.animalstore.bootstrap.support.RawHttp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Requests no honest client sends. Each gets a 4xx Error body, nothing is stored, and the service stays healthy. */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class HostileInputApiTest extends ApiTestBase {

    @AfterEach
    void service_is_still_healthy() {
        assertThat(api.get("/v1/pets?limit=1").status()).isEqualTo(200);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/pets?limit=%ZZ", "/v1/pets?status=%", "/v1/pets/%ZZ", "/v1/pets?x=%G0", "/v1/pets/%"})
    void answers_400_to_a_malformed_percent_escape_with_or_without_key(String target) {
        RawHttp.Response withKey = raw("GET " + target + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER);
        RawHttp.Response anonymous = raw("GET " + target + " HTTP/1.1\r\nHost: localhost");

        assertRawError(withKey, 400, "invalid_request");
        assertRawError(anonymous, 400, "invalid_request");
    }

    @Test
    void still_answers_401_to_an_anonymous_request_for_the_root() {
        assertRawError(raw("GET / HTTP/1.1\r\nHost: localhost"), 401, "unauthorized");
    }

    @Test
    void answers_414_to_an_overlong_request_line() {
        RawHttp.Response response = raw("GET /v1/pets?name=" + "a".repeat(10_000) + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER);

        assertRawError(response, 414, "uri_too_long");
    }

    @Test
    void answers_431_to_overlong_headers() {
        RawHttp.Response response = raw("GET /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER
                + "\r\nX-Padding: " + "a".repeat(10_000));

        assertRawError(response, 431, "headers_too_large");
    }

    @ParameterizedTest
    @ValueSource(strings = {"' OR '1'='1", "1; DROP TABLE pet", "available' --", "../../etc/passwd", "%00", "available%00"})
    void treats_injection_attempts_in_parameters_as_plain_invalid_values(String value) {
        assertError(api.get("/v1/pets?status=" + urlEncode(value)), 400, "invalid_request");
        assertError(api.get("/v1/pets?limit=" + urlEncode(value)), 400, "invalid_request");
        assertError(api.get("/v1/pets/" + urlEncode(value)), 400, "invalid_request");
    }

    @Test
    void stores_an_injection_attempt_in_a_name_as_plain_text() {
        String name = "Robert'); DROP TABLE pet;--";

        long id = api.addPet(name.replace("\"", "\\\""), 1, null);

        JsonNode pet = api.get("/v1/pets/" + id).json();
        assertThat(pet.get("name").getStringValue()).isEqualTo(name);
        assertThat(catalogue.count()).isEqualTo(1);
    }

    @Test
    void rejects_a_body_that_is_larger_than_declared_or_chunked_beyond_the_limit() throws IOException {
        byte[] chunk = ("{\"name\":\"Rex\",\"categoryId\":1,\"pad\":\"" + "x".repeat(20_000) + "\"}").getBytes(StandardCharsets.UTF_8);
        String chunked = Integer.toHexString(chunk.length) + "\r\n" + new String(chunk, StandardCharsets.UTF_8) + "\r\n0\r\n\r\n";

        RawHttp.Response response = RawHttp.send(server.getURI(), "POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER
                + "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked", chunked.getBytes(StandardCharsets.UTF_8));

        assertRawError(response, 413, "payload_too_large");
        assertThat(catalogue.count()).isZero();
    }

    private RawHttp.Response raw(String head) {
        return RawHttp.send(server.getURI(), head);
    }

    @Test
    void answers_400_to_a_body_that_is_not_what_its_content_encoding_says() {
        byte[] plain = "{\"name\":\"Rex\",\"categoryId\":1}".getBytes(StandardCharsets.UTF_8);

        RawHttp.Response response = RawHttp.send(server.getURI(), "POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER
                + "\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: " + plain.length, plain);

        assertRawError(response, 400, "malformed_json");
        assertThat(catalogue.count()).isZero();
    }

    @Test
    void accepts_a_gzip_compressed_body() throws IOException {
        var compressed = new ByteArrayOutputStream();
        try (var gzip = new GZIPOutputStream(compressed)) {
            gzip.write("{\"name\":\"Rex\",\"categoryId\":1}".getBytes(StandardCharsets.UTF_8));
        }

        RawHttp.Response response = RawHttp.send(server.getURI(), "POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER
                + "\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: " + compressed.size(), compressed.toByteArray());

        assertThat(response.status()).as("status of %s", response).isEqualTo(201);
        assertThat(response.body()).as("the pet decoded from the body").matches("\\{\"id\":\\d+,\"name\":\"Rex\",\"categoryId\":1}");
        assertThat(catalogue.count()).isOne();
    }

    @Test
    void refuses_a_gzip_bomb_with_413_and_stores_nothing() throws IOException {
        // 15 KB of gzip inflating to 15 MB: inflation stops at the body limit (BoundedInflationTest counts the bytes)
        var compressed = new ByteArrayOutputStream();
        try (var gzip = new GZIPOutputStream(compressed)) {
            gzip.write(new byte[15_000_000]);
        }

        RawHttp.Response response = RawHttp.send(server.getURI(), "POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ApiClient.BEARER
                + "\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: " + compressed.size(), compressed.toByteArray());

        assertRawError(response, 413, "payload_too_large");
        assertThat(catalogue.count()).isZero();
    }

    private void assertRawError(RawHttp.Response response, int status, String code) {
        assertError(response, status, code, jsonMapper);
    }

    private static String urlEncode(String value) {
        return java.net.URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
