package org.animalstore.adapters.rest.http;

import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.HttpServerConfiguration;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.micronaut.json.JsonMapper;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import jakarta.inject.Singleton;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.animalstore.adapters.rest.ops.ManagementPort;
import org.animalstore.adapters.rest.ops.AnswerRecorder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fence: every handler this service puts into Micronaut's Netty pipeline, on each HTTP/1.1 connection (management
 * port included; HTTP/2 and HTTP/3 are off, they would get none of this):
 * <pre>
 * (the connection cap) socket -> receive deadline (start) -> HTTP/1.1 codec -> receive deadline (end)
 *        -> one request at a time (and idle after refusal) -> connection guard -> bounded inflation
 *        -> header rewrites (HEAD as GET, registered codings, plain JSON content type) -> Micronaut
 * </pre>
 * The connection cap (Netty and Micronaut have none: idle sockets could take every file descriptor) is per port, so probes
 * pass while the API port is full, and per client address. docs/framework-workarounds.md says why each is here; the
 * one Micronaut filter among them is {@link HeaderRewrites.Http10KeepAlive}.
 */
@Singleton
@Requires(property = WorkaroundSwitch.PROPERTY, notEquals = "false")
final class HttpFence implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    private static final Logger LOG = LoggerFactory.getLogger(HttpFence.class);
    private static final long WARN_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);
    /** ChannelPipelineCustomizer's constant (a class Micronaut means to delete in its next major): "http-server-codec". */
    private static final String CODEC = ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC;

    private final FramingRules rules;
    private final RefusalResponses responses;
    private final Duration receiveTimeout;
    private final KeyGate gate;
    private final AnswerRecorder observer;
    private final ManagementPort managementPort;
    private final Budget api;
    private final Budget fromOneAddress;
    private final Budget management;
    private final Map<InetAddress, Integer> byAddress = new ConcurrentHashMap<>();

    /** {@code receiveTimeout}: {@code petstore.request-receive-timeout}, 0s turns it off. Each cap's setting is named in its warning; 0 removes it. */
    HttpFence(HttpServerConfiguration server, JsonMapper json, @Value("${petstore.request-receive-timeout:10s}") Duration receiveTimeout,
              KeyGate gate, AnswerRecorder observer, ManagementPort managementPort, @Value("${petstore.max-connections:10000}") int max,
              @Property(name = "petstore.max-connections-per-address") @Nullable Integer perAddress,
              @Value("${petstore.max-management-connections:64}") int maxManagement) {
        this.rules = new FramingRules(server.getMaxRequestSize());
        this.responses = new RefusalResponses(json, receiveTimeout);
        this.receiveTimeout = receiveTimeout;
        this.gate = gate;
        this.observer = observer;
        this.managementPort = managementPort;
        this.api = new Budget(max, "{} connections are open on the API port, the most PETSTORE_MAX_CONNECTIONS allows: new ones are closed at once");
        this.fromOneAddress = new Budget(perAddress == null ? max / 2 : perAddress,
                "A client address holds {} connections, the most PETSTORE_MAX_CONNECTIONS_PER_ADDRESS allows: its new ones are closed at once");
        this.management = new Budget(maxManagement,
                "{} connections are open on the management port, the most PETSTORE_MAX_MANAGEMENT_CONNECTIONS allows: new ones are closed at once");
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        event.getBean().register(new Connection(this, null));
        return event.getBean();
    }

    private void install(Channel channel) {
        ChannelPipeline pipeline = channel.pipeline();
        if (pipeline.get(CODEC) == null || !admit(channel)) {
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

    /** Counts a new connection until it closes; false (and the connection closing) when it is one too many. */
    private boolean admit(Channel channel) {
        if (channel.localAddress() instanceof InetSocketAddress local && managementPort.isManagementPort(local.getPort())) {
            return management.admit(channel);
        }
        return api.admit(channel) && admitFromItsAddress(channel);
    }

    private boolean admitFromItsAddress(Channel channel) {
        if (fromOneAddress.max() <= 0 || !(channel.remoteAddress() instanceof InetSocketAddress remote)) {
            return true;
        }
        InetAddress address = remote.getAddress();
        int now = byAddress.merge(address, 1, Integer::sum);
        channel.closeFuture().addListener(closed -> byAddress.computeIfPresent(address, (any, open) -> open == 1 ? null : open - 1));
        return fromOneAddress.within(channel, now);
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

    /** One cap: its count, and its warning, written at most once a minute. */
    private record Budget(int max, String warning, AtomicInteger open, AtomicLong lastWarning) {
        Budget(int max, String warning) {
            this(max, warning, new AtomicInteger(), new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS));
        }

        boolean admit(Channel channel) {
            int now = open.incrementAndGet();
            channel.closeFuture().addListener(closed -> open.decrementAndGet());
            return within(channel, now);
        }

        /** Whether {@code now} open connections are within the cap; else the channel is closed. */
        boolean within(Channel channel, int now) {
            if (max <= 0 || now <= max) {
                return true;
            }
            channel.close();
            long last = lastWarning.get();
            if (System.nanoTime() - last >= WARN_EVERY_NANOS && lastWarning.compareAndSet(last, System.nanoTime())) {
                LOG.warn(warning, max);
            }
            return false;
        }
    }
}
