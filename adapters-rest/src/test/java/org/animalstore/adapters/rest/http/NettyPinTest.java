package org.animalstore.adapters.rest.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.ContentLengthNotAllowedException;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.TransferEncodingNotAllowedException;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.Version;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Why the root pom pins Netty ({@code netty.version}) above the Micronaut platform's: what the pinned
 * decoder does that the platform's 4.2.12 did not; that every Netty artifact on the class path is the
 * pinned one; and a canary that fails once the platform manages a Netty at least as new as the pin,
 * which would then only hold Netty back.
 */
class NettyPinTest {

    private static final String POST = "POST /v1/pets HTTP/1.1\r\nHost: localhost\r\n";

    @Test
    void the_decoder_reads_a_chunk_extension_that_ends_in_an_unquoted_value() {
        // netty PR 16579 (4.2.13): 4.2.12 took "2;a=b" for a malformed chunk
        List<HttpObject> decoded = decode(POST + "Transfer-Encoding: chunked\r\n\r\n2;a=b\r\n{}\r\n0;c=d;e\r\n\r\n"
                + "GET /v1/pets HTTP/1.1\r\nHost: localhost\r\n\r\n");

        assertThat(decoded).noneMatch(part -> part.decoderResult().isFailure());
        assertThat(decoded).filteredOn(HttpRequest.class::isInstance).hasSize(2);
    }

    @Test
    void the_decoder_refuses_content_length_together_with_chunked() {
        // 4.2.12 dropped the Content-Length and read the body as chunked (RFC 9112 6.1 lets a server refuse)
        List<HttpObject> decoded = decode(POST + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n");

        assertThat(decoded.getFirst().decoderResult().cause()).isInstanceOf(ContentLengthNotAllowedException.class);
    }

    @Test
    void the_decoder_refuses_transfer_encoding_in_http_1_0() {
        // CVE-2026-42581, fixed in 4.2.13
        List<HttpObject> decoded = decode("POST /v1/pets HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n");

        assertThat(decoded.getFirst().decoderResult().cause()).isInstanceOf(TransferEncodingNotAllowedException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"xchunked", "gzip", "chunked;x=1", "chunked, xchunked"})
    void the_decoder_refuses_a_transfer_encoding_not_ending_in_chunked(String codings) {
        // netty PR 17055 and CVE-2026-89044 (4.2.18): 4.2.13 read such a request as one without a body
        List<HttpObject> decoded = decode(POST + "Transfer-Encoding: " + codings + "\r\n\r\n" + "GET /v1/pets HTTP/1.1\r\nHost: localhost\r\n\r\n");

        assertThat(decoded.getFirst().decoderResult().isFailure()).as("Transfer-Encoding: " + codings).isTrue();
        assertThat(decoded).filteredOn(HttpRequest.class::isInstance).hasSize(1);
    }

    @Test
    void the_decoder_refuses_chunked_applied_twice() {
        // 4.2.13 read "chunked, chunked" as chunked once
        List<HttpObject> decoded = decode(POST + "Transfer-Encoding: chunked, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n");

        assertThat(decoded.getFirst().decoderResult().isFailure()).isTrue();
    }

    @Test
    void the_decoder_refuses_content_length_together_with_any_transfer_encoding() {
        // 4.2.13 framed Content-Length with "xchunked" by the length
        List<HttpObject> decoded = decode(POST + "Content-Length: 2\r\nTransfer-Encoding: xchunked\r\n\r\n{}");

        assertThat(decoded.getFirst().decoderResult().isFailure()).isTrue();
    }

    @Test
    void every_netty_artifact_on_the_class_path_is_the_pinned_version() {
        String pin = System.getProperty("animalstore.netty-pin");
        assumeTrue(pin != null, "run by Maven, which passes the pin (adapters-rest/pom.xml)");

        // The platform names only some Netty artifacts itself: without the root pom's import of netty-bom,
        // netty-transport, -codec-base, -codec-compression and -resolver stayed at the platform's version.
        assertThat(Version.identify().values()).as("Netty artifacts and their versions")
                .allSatisfy(artifact -> assertThat(artifact.artifactVersion()).as(artifact.artifactId()).isEqualTo(pin));
    }

    @Test
    void the_platform_still_manages_a_netty_older_than_the_pin() throws IOException {
        String platformPom = System.getProperty("animalstore.platform-pom");
        String pin = System.getProperty("animalstore.netty-pin");
        assumeTrue(platformPom != null && pin != null, "run by Maven, which passes both (adapters-rest/pom.xml)");

        Matcher managed = Pattern.compile("<netty\\.version>([^<]+)</netty\\.version>").matcher(Files.readString(Path.of(platformPom)));
        assertThat(managed.find()).as("netty.version in " + platformPom).isTrue();

        assertThat(compare(managed.group(1), pin)).as("The Micronaut platform now manages Netty " + managed.group(1)
                + ", not older than the pin " + pin + ": delete netty.version from the root pom (and this test)").isNegative();
    }

    private static List<HttpObject> decode(String bytes) {
        EmbeddedChannel channel = new EmbeddedChannel(new HttpServerCodec());
        channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.US_ASCII));
        List<HttpObject> decoded = new ArrayList<>();
        for (Object part = channel.readInbound(); part != null; part = channel.readInbound()) {
            decoded.add((HttpObject) part);
            ReferenceCountUtil.release(part);
        }
        channel.finishAndReleaseAll();
        return decoded;
    }

    /** Compares "4.2.12.Final" and "4.2.13.Final" by their numbers. */
    private static int compare(String left, String right) {
        return Arrays.compare(numbers(left), numbers(right));
    }

    private static int[] numbers(String version) {
        return Arrays.stream(version.split("[.-]")).takeWhile(part -> part.matches("\\d+")).mapToInt(Integer::parseInt).toArray();
    }
}
