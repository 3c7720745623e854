package org.animalstore.adapters.rest.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.ContentLengthNotAllowedException;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.codec.http.TransferEncodingNotAllowedException;
import org.animalstore.adapters.rest.http.RefusalResponses.Refusal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FramingRulesTest {

    private static final long LIMIT = 16_384;
    private static final String HOST = "Host: localhost";

    private final FramingRules rules = new FramingRules(LIMIT);

    @Test
    void lets_an_ordinary_request_through_untouched() {
        HttpRequest post = request("POST / HTTP/1.1", HOST, "Content-Length: " + LIMIT, "Content-Type: application/json");

        assertThat(rules.check(request("GET / HTTP/1.1", HOST))).isEmpty();
        assertThat(rules.check(post)).isEmpty();
        assertThat(post.headers().names()).containsExactlyInAnyOrder("Host", "Content-Length", "Content-Type");
    }

    @Test
    void refuses_an_http_1_1_request_without_exactly_one_host() {
        assertThat(rules.check(request("GET / HTTP/1.1"))).contains(Refusal.HOST_NOT_ONE);
        assertThat(rules.check(request("GET / HTTP/1.1", HOST, "Host: elsewhere.example"))).contains(Refusal.HOST_NOT_ONE);
    }

    @Test
    void lets_an_http_1_0_request_without_host_through() {
        assertThat(rules.check(request("GET / HTTP/1.0"))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP/2.0", "HTTP/0.9", "HTTP/3.0"})
    void refuses_a_major_version_other_than_1(String version) {
        assertThat(rules.check(request("GET / " + version, HOST))).contains(Refusal.VERSION_NOT_SUPPORTED);
    }

    @Test
    void reads_a_higher_http_1_minor_version_as_http_1_1() {
        HttpRequest request = request("GET / HTTP/1.2", HOST);

        assertThat(rules.check(request)).isEmpty();
        assertThat(request.protocolVersion()).isSameAs(HttpVersion.HTTP_1_1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"post", "Get", "FOO", "PROPFIND"})
    void refuses_a_method_that_is_not_a_standard_one_exactly(String method) {
        assertThat(rules.check(request(method + " / HTTP/1.1", HOST))).contains(Refusal.METHOD_NOT_IMPLEMENTED);
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"})
    void lets_every_standard_method_through(String method) {
        assertThat(rules.check(request(method + " / HTTP/1.1", HOST))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET", "POST", "HEAD", "DELETE"})
    void refuses_a_declared_body_over_the_limit_whatever_the_method(String method) {
        assertThat(rules.check(request(method + " / HTTP/1.1", HOST, "Content-Length: " + (LIMIT + 1)))).contains(Refusal.BODY_TOO_LARGE);
    }

    @Test
    void refuses_what_makes_a_body_impossible_to_delimit() {
        assertThat(rules.check(request("POST / HTTP/1.0", "Transfer-Encoding: chunked"))).contains(Refusal.TRANSFER_ENCODING_BEFORE_HTTP_1_1);
        assertThat(rules.check(request("POST / HTTP/1.1", HOST, "Transfer-Encoding: gzip, chunked"))).contains(Refusal.TRANSFER_CODING_NOT_IMPLEMENTED);
        assertThat(rules.check(request("POST / HTTP/1.1", HOST, "Transfer-Encoding: chunked"))).isEmpty();
    }

    @Test
    void refuses_a_content_coding_micronaut_cannot_decode() {
        HttpRequest request = request("POST / HTTP/1.1", HOST, "Content-Length: 20", "Content-Encoding: br");

        assertThat(rules.check(request)).contains(Refusal.CONTENT_CODING_NOT_SUPPORTED);
    }

    @Test
    void leaves_micronaut_the_one_content_coding_to_decode() {
        HttpRequest listed = request("POST / HTTP/1.1", HOST, "Content-Length: 20", "Content-Encoding: identity, X-GZIP");
        HttpRequest identity = request("POST / HTTP/1.1", HOST, "Transfer-Encoding: chunked", "Content-Encoding: identity");

        assertThat(rules.check(listed)).isEmpty();
        assertThat(rules.check(identity)).isEmpty();
        assertThat(listed.headers().getAll(HttpHeaderNames.CONTENT_ENCODING)).containsExactly("gzip");
        assertThat(identity.headers().contains(HttpHeaderNames.CONTENT_ENCODING)).isFalse();
    }

    @Test
    void ignores_the_content_coding_of_a_request_without_a_body() {
        assertThat(rules.check(request("GET / HTTP/1.1", HOST, "Content-Encoding: br"))).isEmpty();
    }

    @Test
    void names_what_the_decoder_could_not_read() {
        assertThat(rules.check(failed(new TooLongHttpLineException("long")))).contains(Refusal.REQUEST_LINE_TOO_LONG);
        assertThat(rules.check(failed(new TooLongHttpHeaderException("large")))).contains(Refusal.HEADERS_TOO_LARGE);
        assertThat(rules.check(failed(new ContentLengthNotAllowedException("both")))).contains(Refusal.LENGTH_AND_TRANSFER_ENCODING);
        assertThat(rules.check(failed(new TransferEncodingNotAllowedException("1.0")))).contains(Refusal.TRANSFER_ENCODING_BEFORE_HTTP_1_1);
        assertThat(rules.check(failed(new IllegalArgumentException("garbage")))).contains(Refusal.MALFORMED);
    }

    /** A decoded head, as Netty's decoder builds it from a request line and header lines. */
    private static HttpRequest request(String requestLine, String... headerLines) {
        String[] parts = requestLine.split(" ");
        HttpRequest request = new DefaultHttpRequest(HttpVersion.valueOf(parts[2]), HttpMethod.valueOf(parts[0]), parts[1]);
        for (String line : headerLines) {
            int colon = line.indexOf(':');
            request.headers().add(line.substring(0, colon), line.substring(colon + 1).trim());
        }
        return request;
    }

    private static HttpRequest failed(Exception cause) {
        HttpRequest request = request("GET /bad-request HTTP/1.0");
        request.setDecoderResult(DecoderResult.failure(cause));
        return request;
    }
}
