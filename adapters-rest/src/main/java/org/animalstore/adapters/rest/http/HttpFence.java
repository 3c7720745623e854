package org.animalstore.adapters.rest.http;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.HttpServerConfiguration;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.micronaut.json.JsonMapper;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import jakarta.inject.Singleton;
import java.time.Duration;
import org.animalstore.adapters.rest.ops.UnroutedAnswers;

/**
 * The fence: every handler this service puts into Micronaut's Netty pipeline, installed here and
 * nowhere else, on each HTTP/1.1 connection (the management port's too), in this order:
 * <pre>
 * (the connection cap) socket -> receive deadline (start) -> HTTP/1.1 codec -> receive deadline (end)
 *        -> one request at a time (and idle after refusal) -> connection guard -> bounded inflation
 *        -> header rewrites (HEAD as GET, registered codings, plain JSON content type) -> Micronaut
 * </pre>
 * docs/framework-workarounds.md says why each is here and which tests prove and watch it. The one
 * Micronaut filter among them is {@link HeaderRewrites.Http10KeepAlive}. HTTP/2 and HTTP/3 are not enabled: they would get none of this.
 */
@Singleton
@Requires(property = WorkaroundSwitch.PROPERTY, notEquals = "false")
final class HttpFence implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    /** ChannelPipelineCustomizer's constant (a class Micronaut means to delete in its next major): "http-server-codec". */
    private static final String CODEC = ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC;

    private final FramingRules rules;
    private final RefusalResponses responses;
    private final Duration receiveTimeout;
    private final KeyGate gate;
    private final UnroutedAnswers observer;
    private final ConnectionCap cap;

    /** {@code receiveTimeout}: {@code petstore.request-receive-timeout} ({@code PETSTORE_REQUEST_RECEIVE_TIMEOUT}); 0s turns it off. */
    HttpFence(HttpServerConfiguration server, JsonMapper json, @Value("${petstore.request-receive-timeout:10s}") Duration receiveTimeout,
              ConnectionCap cap, KeyGate gate, UnroutedAnswers observer) {
        this.rules = new FramingRules(server.getMaxRequestSize());
        this.responses = new RefusalResponses(json, receiveTimeout);
        this.receiveTimeout = receiveTimeout;
        this.gate = gate;
        this.observer = observer;
        this.cap = cap;
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        event.getBean().register(new Connection(this, null));
        return event.getBean();
    }

    private void install(Channel channel) {
        ChannelPipeline pipeline = channel.pipeline();
        if (pipeline.get(CODEC) == null || !cap.admit(channel)) {
            return;
        }
        // Each added right after the codec: so the last added is the first to see a request.
        pipeline.addAfter(CODEC, "fence-header-rewrites", HeaderRewrites.ALL);
        pipeline.addAfter(CODEC, "fence-bounded-inflation", new BoundedInflation(rules.maxBodyBytes()));
        pipeline.addAfter(CODEC, "fence-connection-guard", new ConnectionGuard(rules, responses, gate::refuses, observer::answered));
        pipeline.addAfter(CODEC, "fence-one-request-at-a-time", new OneRequestAtATime());
        if (!receiveTimeout.isZero()) {
            ReceiveDeadline receive = new ReceiveDeadline(receiveTimeout);
            pipeline.addAfter(CODEC, "fence-receive-deadline-end", receive.end());
            pipeline.addBefore(CODEC, "fence-receive-deadline-start", receive.start());
        }
    }

    /** Micronaut's hook into each connection's pipeline, once it is built. */
    private record Connection(HttpFence fence, Channel channel) implements NettyServerCustomizer {
        @Override
        public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
            return new Connection(fence, channel);
        }

        @Override
        public void onStreamPipelineBuilt() {
            fence.install(channel);
        }
    }
}
