package org.animalstore.bootstrap.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.animalstore.bootstrap.support.RawHttp;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Clean HTTP on every answer: bodies only in registered content codings (gzip, deflate), {@code Vary:
 * Accept-Encoding}, {@code X-Content-Type-Options: nosniff}, {@code Cache-Control: no-store} and {@code Date}.
 */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class ResponseHeadersApiTest extends ApiTestBase {

    /** Twenty pets list to about 1.5 KiB, over the 1 KiB from which Micronaut compresses. */
    private static final String LIST = "/v1/pets?limit=20";
    private static final String IMF_FIXDATE = "[A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT";

    private ApiClient raw;

    @BeforeEach
    void twentyPets() {
        for (int i = 0; i < 20; i++) {
            catalogue.add("Pet number " + i + " of the catalogue", i + 1, "available");
        }
        raw = ApiClient.outsideTheApi(server.getURI(), jsonMapper);
    }

    @ParameterizedTest
    @CsvSource({"*, gzip", "'*;q=0.5', gzip", "'gzip, deflate, br', gzip", "'br, zstd, deflate', deflate", "'x-gzip', gzip", "'gzip;q=0.2, deflate', deflate"})
    void answers_in_a_registered_coding_the_client_accepts(String accepted, String coding) {
        ApiClient.Response response = raw.call("GET", LIST).header("Accept-Encoding", accepted).send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Encoding")).contains(coding);
        assertThat(decoded(coding, response.bytes())).startsWith("[{\"id\":");
    }

    @Test
    void compresses_for_speed_rather_than_size() {
        // when a page is asked for in deflate
        ApiClient.Response response = raw.call("GET", LIST).header("Accept-Encoding", "deflate").send();

        // then its body is as large as the fastest level makes it, not the default level's
        byte[] page = decoded("deflate", response.bytes()).getBytes(StandardCharsets.UTF_8);
        int fastest = deflatedLength(page, Deflater.BEST_SPEED);
        int usual = deflatedLength(page, Deflater.DEFAULT_COMPRESSION);
        assertThat(fastest).isGreaterThan(usual);
        assertThat(Math.abs(response.bytes().length - fastest)).isLessThan(Math.abs(response.bytes().length - usual));
    }

    @ParameterizedTest
    @ValueSource(strings = {"snappy", "x-snappy-framed", "br", "zstd", "compress", "identity", "gzip;q=0, deflate;q=0", "*;q=0"})
    void answers_uncompressed_when_the_client_accepts_no_registered_coding(String accepted) {
        ApiClient.Response response = raw.call("GET", LIST).header("Accept-Encoding", accepted).send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Encoding")).isEmpty();
        assertThat(response.text()).startsWith("[{\"id\":");
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/json;q=0.9, */*;q=0.1", "application/json; charset=utf-8", "application/json;q=1;foo=bar"})
    void names_every_json_answer_plain_application_json_whatever_the_accept_header_adds(String accept) {
        long id = api.addPet("Rex", 1, null);

        List<ApiClient.Response> answers = List.of(
                api.call("GET", LIST).header("Accept", accept).send(),
                api.call("GET", "/v1/pets/" + id).header("Accept", accept).send(),
                api.call("POST", "/v1/pets").header("Accept", accept).header("Content-Type", "application/json")
                        .body("{\"name\":\"Tom\",\"categoryId\":2}").send(),
                raw.call("GET", "/openapi.json").header("Accept", accept).send());

        assertThat(answers).extracting(ApiClient.Response::status).containsExactly(200, 200, 201, 200);
        assertThat(answers).allSatisfy(answer -> assertThat(answer.header("Content-Type")).contains("application/json"));
    }

    @Test
    void every_answer_varies_by_accept_encoding_and_is_neither_sniffed_nor_stored() {
        long id = api.addPet("Rex", 1, null);
        List<ApiClient.Response> answers = List.of(
                api.get(LIST),
                api.get("/v1/pets/" + id),
                api.postJson("/v1/pets", "{\"name\":\"Tom\",\"categoryId\":2}"),
                api.get("/v1/pets/987654321"),
                api.get("/v1/pets?limit=500"),
                api.call("GET", "/v1/pets").anonymous().send(),
                api.get("/v1/store/orders"));

        assertThat(answers).extracting(ApiClient.Response::status).containsExactly(200, 200, 201, 404, 400, 401, 501);
        assertThat(answers).allSatisfy(answer -> {
            assertThat(answer.header("Vary")).hasValueSatisfying(vary -> assertThat(vary).contains("Accept-Encoding"));
            assertThat(answer.header("X-Content-Type-Options")).contains("nosniff");
            assertThat(answer.header("Cache-Control")).contains("no-store");
            assertThat(answer.header("Date")).hasValueSatisfying(date -> assertThat(date).matches(IMF_FIXDATE));
        });
    }

    @Test
    void a_refusal_below_the_router_is_neither_sniffed_nor_stored() {
        RawHttp.Response refused = RawHttp.send(server.getURI(),
                "GET /v1/pets HTTP/1.1\r\nHost: a\r\nHost: b\r\nAuthorization: " + ApiClient.BEARER + "\r\n\r\n");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(refused.header("Cache-Control")).isEqualTo("no-store");
    }

    private static int deflatedLength(byte[] bytes, int level) {
        Deflater deflater = new Deflater(level);
        try {
            deflater.setInput(bytes);
            deflater.finish();
            byte[] out = new byte[bytes.length + 64];
            return deflater.deflate(out);
        } finally {
            deflater.end();
        }
    }

    private static String decoded(String coding, byte[] bytes) {
        try (InputStream in = coding.equals("gzip")
                ? new GZIPInputStream(new ByteArrayInputStream(bytes))
                : new InflaterInputStream(new ByteArrayInputStream(bytes))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
