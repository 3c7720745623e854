package org.animalstore.adapters.rest.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Canaries: what Micronaut does without the HTTP fence, asserted as it is today. Each fails the day
 * the framework behaves, and says which workaround to delete (docs/framework-workarounds.md).
 */
class MicronautCanaryTest {

    private static final String GET = "GET /v1/canary HTTP/1.1\r\nHost: localhost\r\n\r\n";
    private static final String POST = "POST /v1/canary HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n";

    private static FrameworkAsShipped framework;

    @BeforeAll
    static void start() {
        framework = new FrameworkAsShipped(Map.of("micronaut.server.max-request-size", 16_384));
    }

    @AfterAll
    static void stop() {
        framework.close();
    }

    @Test
    void micronaut_answers_head_without_its_length_and_drops_the_requests_pipelined_behind_it() {
        String answers = framework.exchange("HEAD /v1/canary HTTP/1.1\r\nHost: localhost\r\n\r\n" + GET);

        String head = answers.substring(0, answers.indexOf("\r\n\r\n"));
        boolean behaves = head.toLowerCase().contains("content-length:") && count(answers, "HTTP/1.1 200") == 2;
        assertThat(behaves).as("Micronaut now answers HEAD with the headers of GET and keeps the connection:"
                + " delete HeadRequests (and Requests' HEAD marker)").isFalse();
    }

    @Test
    void micronaut_answers_500_to_a_body_that_is_not_what_its_content_encoding_says() {
        String pet = "{\"name\":\"Rex\",\"categoryId\":1}";
        String answer = framework.exchange(POST + "Content-Encoding: gzip\r\nContent-Length: " + pet.length() + "\r\nConnection: close\r\n\r\n" + pet);

        assertThat(answer).as("Micronaut no longer answers 500 to an undecodable body: delete BoundedInflation.UndecodableBody")
                .startsWith("HTTP/1.1 500 ");
    }

    @Test
    void micronaut_reads_a_body_in_a_coding_it_cannot_decode_as_if_it_were_plain() {
        String answer = framework.exchange(POST + "Content-Encoding: br\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}");

        assertThat(answer).as("Micronaut no longer passes an unknown Content-Encoding through:"
                + " delete ContentCoding and Refusal.CONTENT_CODING_NOT_SUPPORTED").startsWith("HTTP/1.1 200 ").contains("\"body\":\"{}\"");
    }

    @Test
    void micronaut_takes_a_method_in_the_wrong_case_for_the_method() {
        String answer = framework.exchange("post /v1/canary HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: 2\r\nConnection: close\r\n\r\n{}");

        assertThat(answer).as("Micronaut now refuses 'post' (methods are case-sensitive):"
                + " delete FramingRules.isKnown and Refusal.METHOD_NOT_IMPLEMENTED").startsWith("HTTP/1.1 200 ");
    }

    @Test
    void micronaut_serves_an_http_1_1_request_without_host_or_with_two() {
        String none = framework.exchange("GET /v1/canary HTTP/1.1\r\nConnection: close\r\n\r\n");
        String two = framework.exchange("GET /v1/canary HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n");

        assertThat(List.of(status(none), status(two))).as("Micronaut now refuses HTTP/1.1 without exactly one Host:"
                + " delete Refusal.HOST_NOT_ONE").containsExactly("200", "200");
    }

    @Test
    void micronaut_answers_in_whatever_version_the_request_line_names() {
        String two = framework.exchange("GET /v1/canary HTTP/2.0\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        String oneTwo = framework.exchange("GET /v1/canary HTTP/1.2\r\nHost: localhost\r\nConnection: close\r\n\r\n");

        assertThat(two).as("Micronaut no longer answers HTTP/2.0 in HTTP/2.0: delete Refusal.VERSION_NOT_SUPPORTED").startsWith("HTTP/2.0 200 ");
        assertThat(oneTwo).as("Micronaut now answers HTTP/1.2 in HTTP/1.1: delete the version rewrite of FramingRules").startsWith("HTTP/1.2 200 ");
    }

    @Test
    void micronaut_answers_with_the_parameters_of_the_accepted_media_type() {
        String answer = framework.exchange("GET /v1/canary HTTP/1.1\r\nHost: localhost\r\nAccept: application/json;q=0.9, */*;q=0.1\r\n"
                + "Connection: close\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 200 ");
        assertThat(answer.toLowerCase()).as("Micronaut no longer copies Accept's parameters into Content-Type: delete JsonContentType")
                .contains("content-type: application/json;q=0.9\r\n");
    }

    @Test
    void micronaut_closes_an_http_1_0_connection_asked_to_stay_open() {
        String answer = framework.exchange("GET /v1/canary HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");

        boolean behaves = answer.startsWith("HTTP/1.0 200 ") && answer.toLowerCase().contains("connection: keep-alive\r\n") && answer.endsWith("(open)");
        assertThat(behaves).as("Micronaut now keeps an HTTP/1.0 connection that asks for it, and says so: delete HeaderRewrites.Http10KeepAlive").isFalse();
        assertThat(answer).startsWith("HTTP/1.0 200 ");
    }

    @Test
    void micronaut_answers_an_overlong_request_line_or_header_block_with_413() {
        String line = framework.exchange("GET /v1/canary?q=" + "a".repeat(5_000) + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
        String headers = framework.exchange("GET /v1/canary HTTP/1.1\r\nHost: localhost\r\nX-Padding: " + "a".repeat(9_000) + "\r\n\r\n");

        assertThat(List.of(status(line), status(headers))).as("Micronaut now answers 414 and 431 itself:"
                + " delete Refusal.ofDecoderFailure's mapping").containsExactly("413", "413");
    }

    @Test
    void micronaut_asks_for_a_body_it_will_refuse_as_too_large() {
        String answer = framework.exchange(POST + "Expect: 100-continue\r\nContent-Length: 16385\r\n\r\n");

        assertThat(answer).as("Micronaut now refuses a Content-Length over the limit before asking for the body:"
                + " delete Refusal.BODY_TOO_LARGE").startsWith("HTTP/1.1 100 Continue");
    }

    @Test
    void micronaut_answers_a_client_that_accepts_any_coding_in_snappy() {
        String body = "{\"padding\":\"" + "a".repeat(2_000) + "\"}";
        String answer = framework.exchange(POST + "Accept-Encoding: *\r\nContent-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body);

        assertThat(answer.toLowerCase()).as("Micronaut no longer answers Accept-Encoding: * in snappy, an unregistered coding:"
                + " delete RegisteredCodings").contains("content-encoding: snappy");
    }

    @Test
    void micronaut_refuses_a_client_that_accepts_any_application_type() {
        String answer = framework.exchange("GET /v1/canary HTTP/1.1\r\nHost: localhost\r\nAccept: application/*\r\nConnection: close\r\n\r\n");

        assertThat(answer).as("Micronaut now serves JSON for Accept: application/* (micronaut-core #6637):"
                + " drop that limitation from docs/framework-workarounds.md").startsWith("HTTP/1.1 406 ");
    }

    static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    private static String status(String answer) {
        return answer.length() < 12 ? answer : answer.substring(9, 12);
    }
}
