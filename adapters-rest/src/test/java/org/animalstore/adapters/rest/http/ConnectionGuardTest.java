package org.animalstore.adapters.rest.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.JsonMapper;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The guard between a real HTTP codec and a stand-in for Micronaut that answers when the test says so. */
class ConnectionGuardTest {

    private static final String GET = "GET /v1/pets HTTP/1.1\r\nHost: localhost\r\n\r\n";
    private static final String CHUNKED_POST_HEAD = "POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n";

    /** Stands in for a request without a valid key: the path says so. */
    private static final String KEYLESS = "/v1/keyless";

    private final Micronaut micronaut = new Micronaut();
    private final List<String> observed = new ArrayList<>();
    private final EmbeddedChannel channel = new EmbeddedChannel(new HttpServerCodec(),
            new ConnectionGuard(new FramingRules(16_384), new RefusalResponses(JsonMapper.createDefault(), Duration.ofSeconds(10)),
                    (channel, request) -> request.uri().startsWith(KEYLESS),
                    (port, method, status, requestId, started, credentials) -> observed.add(method + " " + status + " " + requestId)),
            micronaut);

    @Test
    void passes_well_framed_requests_on_and_keeps_the_connection() {
        receive(GET + GET);

        assertThat(micronaut.requests).hasSize(2);
        assertThat(sent()).isEmpty();
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void answers_a_refused_request_at_once_when_nothing_is_pending_and_closes() {
        receive("GET /v1/pets HTTP/2.0\r\nHost: localhost\r\n\r\n");

        assertThat(micronaut.requests).isEmpty();
        String sent = sent();
        assertThat(sent).startsWith("HTTP/1.1 505 ").contains("\"code\":\"http_version_not_supported\"")
                .contains("connection: close\r\n", "content-length: " + sent.substring(sent.indexOf("\r\n\r\n") + 4).length() + "\r\n");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void waits_for_the_answers_to_earlier_requests_before_refusing() {
        // given a request Micronaut is still serving, and a refused one pipelined after it
        receive(GET + "get /v1/pets HTTP/1.1\r\nHost: localhost\r\n\r\n");
        assertThat(sent()).isEmpty();
        assertThat(channel.isOpen()).isTrue();

        // when Micronaut answers the first
        micronaut.answer(HttpResponseStatus.OK);

        // then the refusal follows it, and the connection closes
        String sent = sent();
        assertThat(sent).startsWith("HTTP/1.1 200 OK");
        assertThat(sent.indexOf("HTTP/1.1 501 ")).isGreaterThan(0);
        assertThat(micronaut.requests).hasSize(1);
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void does_not_take_an_interim_100_continue_for_an_answer() {
        receive("POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n{}"
                + "GET /v1/pets HTTP/2.0\r\nHost: localhost\r\n\r\n");

        micronaut.answer(HttpResponseStatus.CONTINUE);
        assertThat(sent()).startsWith("HTTP/1.1 100 Continue").doesNotContain("505");

        micronaut.answer(HttpResponseStatus.CREATED);
        assertThat(sent()).startsWith("HTTP/1.1 201 Created").contains("HTTP/1.1 505 ");
    }

    @Test
    void discards_everything_after_a_refused_request() {
        receive("POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: xchunked\r\n\r\n" + GET);

        assertThat(micronaut.requests).isEmpty();
        assertThat(sent()).startsWith("HTTP/1.1 400 ").containsOnlyOnce("HTTP/1.1");
    }

    @Test
    void answers_a_malformed_chunk_in_micronauts_place_and_closes() {
        receive(CHUNKED_POST_HEAD + "zz\r\n{}\r\n0\r\n\r\n" + GET);

        assertThat(micronaut.requests).hasSize(1);
        assertThat(micronaut.failedParts).isZero();
        assertThat(sent()).startsWith("HTTP/1.1 400 ").contains("The chunked request body is malformed").containsOnlyOnce("HTTP/1.1");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void only_closes_after_a_malformed_chunk_when_micronaut_has_answered_already() {
        receive(CHUNKED_POST_HEAD);
        micronaut.answer(HttpResponseStatus.UNAUTHORIZED);

        receive("zz\r\n");

        assertThat(sent()).startsWith("HTTP/1.1 401 ").containsOnlyOnce("HTTP/1.1");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void accepts_chunk_extensions_with_values() {
        receive(CHUNKED_POST_HEAD + "2;a=b\r\n{}\r\n0;c=\"d\"\r\n\r\n" + GET);

        assertThat(micronaut.requests).hasSize(2);
        assertThat(micronaut.failedParts).isZero();
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void answers_408_after_the_answers_to_earlier_requests_when_the_next_head_is_late() {
        // given a request Micronaut is still serving, and the start of another head
        receive(GET + "GET /v1/pets HTTP/1.1\r\nHo");

        // when the receive deadline passes
        channel.pipeline().fireUserEventTriggered(ReceiveDeadline.EXPIRED);
        assertThat(sent()).isEmpty();
        micronaut.answer(HttpResponseStatus.OK);

        // then the 408 follows the answer, and the connection closes
        String sent = sent();
        assertThat(sent).startsWith("HTTP/1.1 200 OK");
        assertThat(sent.indexOf("HTTP/1.1 408 ")).isGreaterThan(0);
        assertThat(sent).contains("\"code\":\"request_timeout\"", "The request did not arrive within 10 s");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void answers_408_in_micronauts_place_when_a_body_is_late() {
        receive(CHUNKED_POST_HEAD + "2\r\n{");

        channel.pipeline().fireUserEventTriggered(ReceiveDeadline.EXPIRED);

        assertThat(micronaut.requests).hasSize(1);
        assertThat(sent()).startsWith("HTTP/1.1 408 ").containsOnlyOnce("HTTP/1.1");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void only_closes_when_micronaut_has_answered_the_request_whose_body_is_late() {
        receive(CHUNKED_POST_HEAD);
        micronaut.answer(HttpResponseStatus.UNAUTHORIZED);

        channel.pipeline().fireUserEventTriggered(ReceiveDeadline.EXPIRED);

        assertThat(sent()).startsWith("HTTP/1.1 401 ").containsOnlyOnce("HTTP/1.1");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void answers_a_keyless_request_with_401_itself_and_keeps_the_connection() {
        receive("GET " + KEYLESS + " HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: gate-1\r\n\r\n" + GET);

        String sent = sent();
        assertThat(sent).startsWith("HTTP/1.1 401 ").contains("www-authenticate: Bearer realm=\"animal-store\"")
                .contains("\"code\":\"unauthorized\"").doesNotContain("close");
        assertThat(micronaut.requests).extracting(HttpRequest::uri).containsExactly("/v1/pets");
        assertThat(observed).containsExactly("GET 401 gate-1");
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void tells_an_http_1_0_client_that_asked_to_keep_the_connection_that_its_401_keeps_it() {
        receive("GET " + KEYLESS + " HTTP/1.0\r\nConnection: keep-alive\r\n\r\n" + GET);

        assertThat(sent()).startsWith("HTTP/1.1 401 ").contains("connection: keep-alive\r\n");
        assertThat(micronaut.requests).extracting(HttpRequest::uri).containsExactly("/v1/pets");
        assertThat(channel.isOpen()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP/1.1\r\nHost: localhost\r\nConnection: close", "HTTP/1.0"})
    void answers_a_keyless_request_that_asks_for_its_last_answer_with_401_and_closes(String versionAndHeaders) {
        // when a keyless request asks for the connection to close after its answer, and more follows it
        receive("GET " + KEYLESS + " " + versionAndHeaders + "\r\nX-Request-Id: gate-3\r\n\r\n" + GET);

        // then the gate answers it, says the connection closes, drops what follows and closes
        assertThat(sent()).startsWith("HTTP/1.1 401 ").contains("connection: close\r\n", "\"code\":\"unauthorized\"")
                .containsOnlyOnce("HTTP/1.1");
        assertThat(micronaut.requests).isEmpty();
        assertThat(observed).containsExactly("GET 401 gate-3");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void gives_its_401_every_header_an_answer_carries() {
        receive("GET " + KEYLESS + " HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: gate-2\r\n\r\n");

        String sent = sent();
        String body = sent.substring(sent.indexOf("\r\n\r\n") + 4);
        assertThat(sent.lines()).contains("content-type: application/json", "content-length: " + body.length(),
                "X-Request-Id: gate-2", "X-Content-Type-Options: nosniff", "cache-control: no-store", "vary: Accept-Encoding");
        assertThat(sent.lines().filter(line -> line.startsWith("date: ")).findFirst().orElseThrow().substring(6))
                .satisfies(date -> assertThat(Duration.between(ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant(),
                        Instant.now()).abs()).isLessThan(Duration.ofMinutes(1)));
    }

    @Test
    void drops_the_body_of_a_keyless_request_and_reads_the_next_request() {
        receive("POST " + KEYLESS + " HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\n{}"
                + "POST " + KEYLESS + " HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" + GET);

        assertThat(MicronautCanaryTest.count(sent(), "HTTP/1.1 401 ")).isEqualTo(2);
        assertThat(micronaut.requests).extracting(HttpRequest::uri).containsExactly("/v1/pets");
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void leaves_a_keyless_request_pipelined_behind_an_unanswered_one_to_micronaut() {
        receive(GET + "GET " + KEYLESS + " HTTP/1.1\r\nHost: localhost\r\n\r\n");

        assertThat(micronaut.requests).extracting(HttpRequest::uri).containsExactly("/v1/pets", KEYLESS);
        assertThat(sent()).isEmpty();
        assertThat(observed).isEmpty();
    }

    @Test
    void logs_and_counts_a_refusal_like_any_answer() {
        receive("GET /v1/pets HTTP/2.0\r\nHost: localhost\r\nX-Request-Id: refused-1\r\n\r\n");

        assertThat(observed).containsExactly("GET 505 refused-1");
    }

    private void receive(String bytes) {
        channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.US_ASCII));
    }

    private String sent() {
        return Written.drain(channel);
    }

    /** Records what reaches it, and answers through the guard when told to. */
    private static final class Micronaut extends ChannelInboundHandlerAdapter {
        final List<HttpRequest> requests = new ArrayList<>();
        int failedParts;
        private ChannelHandlerContext context;

        @Override
        public void handlerAdded(ChannelHandlerContext context) {
            this.context = context;
        }

        @Override
        public void channelRead(ChannelHandlerContext context, Object message) {
            if (message instanceof HttpRequest request) {
                requests.add(request);
            }
            if (message instanceof HttpObject part && part.decoderResult().isFailure()) {
                failedParts++;
            }
            ReferenceCountUtil.release(message);
        }

        void answer(HttpResponseStatus status) {
            DefaultFullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status);
            if (status.code() >= 200) {
                response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
            }
            context.writeAndFlush(response);
        }
    }
}
