package org.animalstore.adapters.rest.http;

import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.Nullable;
import io.netty.channel.Channel;
import jakarta.inject.Singleton;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.animalstore.adapters.rest.ops.ManagementPort;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Caps on the connections open at once, which Netty and Micronaut do not have: idle sockets could take every
 * file descriptor. Each port has its own budget (probes reach the management port while the API port is full),
 * and one client address only a share of the API port's. Past a cap a new connection is closed as soon as it is accepted.
 */
@Singleton
final class ConnectionCap {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionCap.class);
    private static final long WARN_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final Budget api;
    private final Budget fromOneAddress;
    private final Budget management;
    private final ManagementPort managementPort;
    private final Map<InetAddress, Integer> byAddress = new ConcurrentHashMap<>();

    /** Each setting (and environment variable) is named in its warning; 0 removes a cap. */
    ConnectionCap(@Value("${petstore.max-connections:10000}") int max,
                  @Property(name = "petstore.max-connections-per-address") @Nullable Integer perAddress,
                  @Value("${petstore.max-management-connections:64}") int management, ManagementPort managementPort) {
        this.api = new Budget(max, "{} connections are open on the API port, the most PETSTORE_MAX_CONNECTIONS allows: new ones are closed at once");
        this.fromOneAddress = new Budget(perAddress == null ? max / 2 : perAddress,
                "A client address holds {} connections, the most PETSTORE_MAX_CONNECTIONS_PER_ADDRESS allows: its new ones are closed at once");
        this.management = new Budget(management,
                "{} connections are open on the management port, the most PETSTORE_MAX_MANAGEMENT_CONNECTIONS allows: new ones are closed at once");
        this.managementPort = managementPort;
    }

    /** Counts a new connection until it closes; false (and the connection closing) when it is one too many. */
    boolean admit(Channel channel) {
        if (channel.localAddress() instanceof InetSocketAddress local && managementPort.isManagementPort(local.getPort())) {
            return management.admit(channel);
        }
        return api.admit(channel) && admitFromItsAddress(channel);
    }

    private boolean admitFromItsAddress(Channel channel) {
        if (fromOneAddress.max <= 0 || !(channel.remoteAddress() instanceof InetSocketAddress remote)) {
            return true;
        }
        InetAddress address = remote.getAddress();
        int now = byAddress.merge(address, 1, Integer::sum);
        channel.closeFuture().addListener(closed -> byAddress.computeIfPresent(address, (any, open) -> open == 1 ? null : open - 1));
        return fromOneAddress.within(channel, now);
    }

    /** One cap: its count, and its warning, written at most once a minute. */
    private static final class Budget {
        private final AtomicInteger open = new AtomicInteger();
        private final int max;
        private final String warning;
        private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);

        Budget(int max, String warning) {
            this.max = max;
            this.warning = warning;
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
