package org.animalstore.adapters.rest.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link HeaderRewrites}: plain application/json on outgoing answers. */
class JsonContentTypeTest {

    @ParameterizedTest
    @ValueSource(strings = {"application/json;q=0.9", "application/json; q=0.5; foo=bar", "application/json; charset=utf-8", "Application/JSON"})
    void names_a_json_answer_application_json_without_parameters(String type) {
        assertThat(contentTypeSent(type)).isEqualTo("application/json");
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/json", "application/yaml", "text/plain; version=0.0.4", "application/jsonx", "text/html"})
    void leaves_every_other_content_type_as_it_is(String type) {
        assertThat(contentTypeSent(type)).isEqualTo(type);
    }

    private static String contentTypeSent(String type) {
        EmbeddedChannel channel = new EmbeddedChannel(HeaderRewrites.ALL);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, type);

        channel.writeOutbound(response);

        FullHttpResponse sent = channel.readOutbound();
        try {
            return sent.headers().get(HttpHeaderNames.CONTENT_TYPE);
        } finally {
            sent.release();
            channel.finishAndReleaseAll();
        }
    }
}
