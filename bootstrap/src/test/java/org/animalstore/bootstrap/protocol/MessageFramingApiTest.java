package org.animalstore.bootstrap.protocol;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.animalstore.bootstrap.support.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * HTTP/1.1 message framing (RFC 9112, RFC 9110), over raw sockets. A request whose body cannot be
 * delimited safely is refused with 400 and its connection closed, so nothing hidden in its body is
 * ever served (request smuggling); what the server cannot serve gets 413, 415, 501 or 505, closing
 * too. Every refusal is the Error body, in HTTP/1.1, with Date, X-Request-Id and Connection: close.
 * Well-framed traffic is served as before.
 */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class MessageFramingApiTest extends ApiTestBase {

    private static final String KEY = "Authorization: " + ApiClient.BEARER + "\r\n";
    private static final String JSON = "Content-Type: application/json\r\n";
    private static final String PET = "{\"name\":\"Rex\",\"categoryId\":1}";
    private static final String POST = "POST /v1/pets HTTP/1.1\r\nHost: localhost\r\n" + KEY + JSON;
    /** Pipelined after another request, or hidden in its body: served only if the body was taken for a request. */
    private static final String LIST = "GET /v1/pets?limit=1 HTTP/1.1\r\nHost: localhost\r\n" + KEY + "\r\n";
    /** The same, asking the server to close afterwards, so a conversation ends without waiting for silence. */
    private static final String LIST_AND_CLOSE = "GET /v1/pets?limit=1 HTTP/1.1\r\nHost: localhost\r\n" + KEY + "Connection: close\r\n\r\n";
    private static final String IMF_FIXDATE = "[A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT";

    @ParameterizedTest
    @ValueSource(strings = {"xchunked", "gzip", "chunked, gzip", "chunked;x=1"})
    void refuses_a_transfer_encoding_not_ending_in_chunked_with_400_and_serves_nothing_hidden_in_the_body(String codings) {
        RawHttp.Conversation conversation = converse(POST + "Transfer-Encoding: " + codings + "\r\n\r\n" + LIST);

        assertRefused(conversation, 400, "invalid_request");
        assertThat(catalogue.count()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"chunked", "gzip, chunked", "xchunked"})
    void refuses_content_length_with_transfer_encoding_with_400_and_closes(String codings) {
        String body = chunked(PET);

        RawHttp.Conversation conversation = converse(POST + "Content-Length: " + body.length() + "\r\nTransfer-Encoding: " + codings
                + "\r\n\r\n" + body + LIST);

        assertRefused(conversation, 400, "invalid_request");
        assertThat(catalogue.count()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Transfer-Encoding: chunked, chunked", "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked"})
    void refuses_chunked_applied_twice_with_400_and_closes(String fields) {
        RawHttp.Conversation conversation = converse(POST + fields + "\r\n\r\n" + chunked(chunked(PET)) + LIST);

        assertRefused(conversation, 400, "invalid_request");
        assertThat(catalogue.count()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip, chunked", "deflate, chunked", "foo, chunked"})
    void answers_501_to_a_transfer_coding_before_chunked_and_closes(String codings) {
        RawHttp.Conversation conversation = converse(POST + "Transfer-Encoding: " + codings + "\r\n\r\n" + chunked(PET) + LIST);

        assertRefused(conversation, 501, "not_implemented");
        assertThat(catalogue.count()).isZero();
    }

    @Test
    void refuses_transfer_encoding_in_an_http_1_0_request_with_400_and_closes() {
        RawHttp.Conversation conversation = converse("POST /v1/pets HTTP/1.0\r\n" + KEY + JSON + "Transfer-Encoding: chunked\r\n\r\n"
                + chunked(PET) + LIST);

        assertRefused(conversation, 400, "invalid_request");
        assertThat(catalogue.count()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Host: localhost\r\nHost: elsewhere.example\r\n"})
    void refuses_an_http_1_1_request_without_exactly_one_host_with_400_and_closes(String hosts) {
        RawHttp.Conversation conversation = converse("GET /v1/pets HTTP/1.1\r\n" + hosts + KEY + "\r\n" + LIST);

        assertRefused(conversation, 400, "invalid_request");
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void serves_an_http_1_0_request_without_host_and_closes_unless_asked_to_keep_the_connection(boolean withKey) {
        RawHttp.Conversation conversation = converse("GET /v1/pets HTTP/1.0\r\n" + (withKey ? KEY : "") + "\r\n" + LIST);

        assertThat(conversation.statuses()).containsExactly(withKey ? 200 : 401);
        assertThat(conversation.responses().getFirst().header("Connection")).isNotEqualToIgnoringCase("keep-alive");
        assertThat(conversation.closed()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void closes_an_http_1_1_connection_after_the_answer_the_client_asked_to_be_its_last(boolean withKey) {
        RawHttp.Conversation conversation = converse("GET /v1/pets?limit=1 HTTP/1.1\r\nHost: localhost\r\n" + (withKey ? KEY : "")
                + "Connection: close\r\n\r\n" + LIST);

        assertThat(conversation.statuses()).containsExactly(withKey ? 200 : 401);
        assertThat(conversation.responses().getFirst().header("Connection")).isEqualToIgnoringCase("close");
        assertThat(conversation.closed()).isTrue();
    }

    @Test
    void a_keyless_client_that_closes_its_connection_reads_its_401_while_it_still_uploads() {
        // given a chunked body far beyond the socket buffers, behind a keyless head that asks to close the connection
        byte[] size = "4000000\r\n".getBytes(StandardCharsets.US_ASCII);
        byte[] end = "\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        byte[] body = new byte[size.length + 64 * 1024 * 1024 + end.length];
        System.arraycopy(size, 0, body, 0, size.length);
        System.arraycopy(end, 0, body, body.length - end.length, end.length);

        // when the gate has answered the head, the client is still writing
        RawHttp.Response response = RawHttp.send(server.getURI(), "POST /v1/pets HTTP/1.1\r\nHost: localhost\r\n" + JSON
                + "Transfer-Encoding: chunked", body);

        // then no reset destroys the 401: the server reads and drops the body before it closes
        assertThat(response.status()).isEqualTo(401);
        assertThat(response.header("Connection")).isEqualToIgnoringCase("close");
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void keeps_an_http_1_0_connection_that_asks_to_stay_open_and_says_so(boolean withKey) {
        String request = "GET /v1/pets?limit=1 HTTP/1.0\r\n" + (withKey ? KEY : "") + "Connection: Keep-Alive\r\n\r\n";

        RawHttp.Conversation conversation = converse(request + request);

        int status = withKey ? 200 : 401;
        assertThat(conversation.statuses()).containsExactly(status, status);
        assertThat(conversation.responses()).allSatisfy(response -> assertThat(response.header("Connection")).isEqualToIgnoringCase("keep-alive"));
        assertThat(conversation.closed()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP/2.0", "HTTP/3.0", "HTTP/0.9"})
    void answers_505_in_http_1_1_to_a_major_version_other_than_1(String version) {
        RawHttp.Conversation conversation = converse("GET /v1/pets " + version + "\r\nHost: localhost\r\n" + KEY + "\r\n" + LIST);

        assertRefused(conversation, 505, "http_version_not_supported");
    }

    @Test
    void answers_a_higher_http_1_minor_version_in_http_1_1() {
        RawHttp.Conversation conversation = converse("GET /v1/pets HTTP/1.2\r\nHost: localhost\r\n" + KEY + "\r\n" + LIST_AND_CLOSE);

        assertThat(conversation.responses()).extracting(RawHttp.Response::statusLine).containsExactly("HTTP/1.1 200 OK", "HTTP/1.1 200 OK");
    }

    @ParameterizedTest
    @ValueSource(strings = {"post", "Post", "pOST"})
    void answers_501_to_a_method_in_the_wrong_case_and_stores_nothing(String method) {
        RawHttp.Conversation conversation = converse(method + " /v1/pets HTTP/1.1\r\nHost: localhost\r\n" + KEY + JSON
                + "Content-Length: " + PET.length() + "\r\n\r\n" + PET + LIST);

        assertRefused(conversation, 501, "not_implemented");
        assertThat(catalogue.count()).isZero();
    }

    @Test
    void answers_501_to_an_unknown_method_echoing_a_safe_request_id() {
        RawHttp.Conversation conversation = converse("BREW /v1/pets HTTP/1.1\r\nHost: localhost\r\n" + KEY + "X-Request-Id: teapot-1\r\n\r\n");

        assertRefused(conversation, 501, "not_implemented");
        assertThat(conversation.responses().getFirst().header("X-Request-Id")).isEqualTo("teapot-1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"br", "zstd", "compress", "foo", "gzip, gzip"})
    void refuses_a_content_coding_it_cannot_decode_with_415_naming_those_it_can(String coding) {
        RawHttp.Conversation conversation = converse(POST + "Content-Encoding: " + coding + "\r\nContent-Length: " + PET.length()
                + "\r\n\r\n" + PET);

        assertRefused(conversation, 415, "unsupported_media_type");
        assertThat(conversation.responses().getFirst().header("Accept-Encoding")).isEqualTo("gzip, deflate");
        assertThat(catalogue.count()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "x-gzip", "GZIP", "identity, gzip", "deflate"})
    void decodes_a_gzip_or_deflate_body_however_the_coding_is_named(String coding) throws IOException {
        String compressed = compress(PET, coding.contains("deflate"));

        RawHttp.Conversation conversation = converse(POST + "Content-Encoding: " + coding + "\r\nContent-Length: " + compressed.length()
                + "\r\n\r\n" + compressed + LIST_AND_CLOSE);

        assertThat(conversation.statuses()).containsExactly(201, 200);
        String created = conversation.responses().getFirst().body();
        assertThat(created).as("the pet decoded from the body").matches("\\{\"id\":\\d+,\"name\":\"Rex\",\"categoryId\":1}");
        assertThat(api.get("/v1/pets").text()).as("the catalogue").isEqualTo("[" + created + "]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET /v1/pets", "POST /v1/pets", "PUT /v1/pets/1", "DELETE /v1/pets/1"})
    void refuses_a_declared_body_over_16_kib_with_413_before_reading_it_whatever_the_method(String request) {
        // only the head is sent: the answer cannot have waited for the body
        RawHttp.Conversation conversation = converse(request + " HTTP/1.1\r\nHost: localhost\r\n" + KEY + JSON + "Content-Length: 16385\r\n\r\n");

        assertRefused(conversation, 413, "payload_too_large");
    }

    @Test
    void a_client_still_sending_an_oversized_body_reads_the_413() {
        // given a body far beyond the limit and the socket buffers, sent right behind its head
        byte[] body = new byte[64 * 1024 * 1024];

        // when the server has refused the head, the client is still writing
        RawHttp.Response response = RawHttp.send(server.getURI(), "POST /v1/pets HTTP/1.1\r\nHost: localhost\r\n" + KEY + JSON
                + "Content-Length: " + body.length, body);

        // then the refusal is not destroyed by a reset: the server drains before it closes
        assertError(response, 413, "payload_too_large", jsonMapper);
        assertThat(catalogue.count()).isZero();
    }

    @Test
    void answers_413_without_100_continue_to_an_oversized_body_that_expects_it() {
        RawHttp.Conversation conversation = converse(POST + "Expect: 100-continue\r\nContent-Length: 20000\r\n\r\n");

        assertRefused(conversation, 413, "payload_too_large");
    }

    @Test
    void still_answers_100_continue_to_a_body_within_the_limit() throws IOException {
        try (Socket socket = new Socket(server.getHost(), server.getPort())) {
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            out.write((POST + "Expect: 100-continue\r\nContent-Length: " + PET.length() + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));

            assertThat(readHead(in)).startsWith("HTTP/1.1 100 Continue\r\n");

            out.write(PET.getBytes(StandardCharsets.US_ASCII));
            assertThat(new String(in.readAllBytes(), StandardCharsets.US_ASCII)).contains("HTTP/1.1 201 Created");
        }
    }

    @Test
    void answers_what_the_decoder_cannot_read_in_http_1_1_with_date_and_connection_close() {
        RawHttp.Conversation garbage = converse("GET /v1/pets HTTP/x.y\r\nHost: localhost\r\n\r\n" + LIST);
        RawHttp.Conversation longLine = converse("GET /v1/pets?status=" + "a".repeat(5_000) + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
        RawHttp.Conversation largeHeaders = converse("GET /v1/pets HTTP/1.1\r\nHost: localhost\r\nX-Padding: " + "a".repeat(9_000) + "\r\n\r\n");

        assertRefused(garbage, 400, "invalid_request");
        assertRefused(longLine, 414, "uri_too_long");
        assertRefused(largeHeaders, 431, "headers_too_large");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1d;a=b", "1d;x", "1d;a=\"b c\"", "1d ; a = b", "1d;a=b;c;d=\"e\""})
    void ignores_chunk_extensions_and_goes_on_serving_the_connection(String sizeLine) {
        RawHttp.Conversation conversation = converse(POST + "Transfer-Encoding: chunked\r\n\r\n" + sizeLine + "\r\n" + PET + "\r\n0\r\n\r\n"
                + LIST_AND_CLOSE);

        assertThat(conversation.statuses()).containsExactly(201, 200);
    }

    @ParameterizedTest
    @ValueSource(strings = {"zz", "-1d", "1d;a=\"open", "1d;a=(b)", "1c"})
    void refuses_a_malformed_chunk_with_400_and_closes_instead_of_hanging(String sizeLine) {
        RawHttp.Conversation conversation = converse(POST + "Transfer-Encoding: chunked\r\n\r\n" + sizeLine + "\r\n" + PET + "\r\n0\r\n\r\n" + LIST);

        assertRefused(conversation, 400, "invalid_request");
        assertThat(catalogue.count()).isZero();
    }

    @Test
    void serves_pipelined_well_framed_requests_in_order() {
        RawHttp.Conversation conversation = RawHttp.converse(server.getURI(), LIST + POST + "Transfer-Encoding: chunked\r\n\r\n" + chunked(PET)
                + POST + "Content-Length: " + PET.length() + "\r\n\r\n" + PET + "HEAD /v1/pets HTTP/1.1\r\nHost: localhost\r\n" + KEY + "\r\n" + LIST,
                List.of("GET", "POST", "POST", "HEAD", "GET"));

        assertThat(conversation.statuses()).containsExactly(200, 201, 201, 200, 200);
        assertThat(catalogue.count()).isEqualTo(2);
    }

    @Test
    void keeps_a_connection_open_between_well_framed_requests() {
        RawHttp.Conversation conversation = converse(LIST + LIST);

        assertThat(conversation.statuses()).containsExactly(200, 200);
        assertThat(conversation.closed()).isFalse();
    }

    @Test
    void answers_the_requests_pipelined_before_a_refused_one_first() {
        RawHttp.Conversation conversation = converse(LIST + LIST + POST + "Transfer-Encoding: xchunked\r\n\r\n" + LIST);

        assertThat(conversation.statuses()).containsExactly(200, 200, 400);
        assertThat(conversation.responses().getLast().header("Connection")).isEqualTo("close");
        assertThat(conversation.closed()).isTrue();
    }

    private RawHttp.Conversation converse(String bytes) {
        return RawHttp.converse(server.getURI(), bytes);
    }

    /** The one answer on the connection: an Error body in HTTP/1.1, with what every response carries; then the connection closed. */
    private void assertRefused(RawHttp.Conversation conversation, int status, String code) {
        assertThat(conversation.responses()).as("one answer, and nothing after it").hasSize(1);
        RawHttp.Response refusal = conversation.responses().getFirst();
        assertError(refusal, status, code, jsonMapper);
        assertThat(refusal.statusLine()).startsWith("HTTP/1.1 " + status + " ");
        assertThat(refusal.header("Connection")).isEqualTo("close");
        assertThat(refusal.header("Date")).matches(IMF_FIXDATE);
        assertThat(refusal.header("X-Request-Id")).isNotBlank();
        assertThat(conversation.closed()).as("connection closed").isTrue();
    }

    /** Up to and including the blank line that ends a response head. */
    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (head.indexOf("\r\n\r\n") < 0) {
            int read = in.read();
            if (read < 0) {
                break;
            }
            head.append((char) read);
        }
        return head.toString();
    }

    /** {@code body} as one chunk and the last chunk. */
    private static String chunked(String body) {
        return Integer.toHexString(body.length()) + "\r\n" + body + "\r\n0\r\n\r\n";
    }

    /** The bytes of {@code text} compressed, one char per byte (as {@link RawHttp#converse} sends them). */
    private static String compress(String text, boolean deflate) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = deflate ? new DeflaterOutputStream(bytes) : new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toString(StandardCharsets.ISO_8859_1);
    }
}
