package org.animalstore.adapters.rest.http;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.HttpServerConfiguration;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

/**
 * Puts a {@link ConnectionGuard} right after the HTTP/1.1 decoder of every connection, the management
 * port's too (Micronaut serves both ports from one server). Requests whose framing RFC 9112 refuses,
 * that Micronaut would misread ({@link FramingRules}), or that the decoder could not read at all are
 * answered there with the Error body, before Micronaut or any filter sees them (so before
 * authentication, like the 414 and 431 they include), and the connection is closed; what follows
 * on it is read and dropped, never served. After a framing error nothing later on the connection can be trusted to
 * start where a request starts (request smuggling); after the other refusals (version, method,
 * content coding, size) closing is the simple safe choice too: no refused body to drain, and no
 * doubt about which request an answer belongs to.
 */
@Singleton
final class MessageFramingGuard implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    private final FramingRules rules;
    private final RefusalResponses responses;

    MessageFramingGuard(HttpServerConfiguration server, JsonMapper json) {
        this.rules = new FramingRules(server.getMaxRequestSize());
        this.responses = new RefusalResponses(json);
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        HttpCodecNeighbours.register(event.getBean(), (pipeline, codec) -> {
            // HTTP/1.1 only: HTTP/2 frames its messages itself, and has no Host or Transfer-Encoding.
            if (codec.equals(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC)) {
                pipeline.addAfter(codec, "message-framing-guard", new ConnectionGuard(rules, responses));
            }
        });
        return event.getBean();
    }
}
