package org.animalstore.adapters.rest.http;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import io.netty.channel.Channel;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A cap on the connections open at once, both ports together. Netty and Micronaut accept every
 * connection they are offered, so idle sockets can take every file descriptor the process has. Past
 * the cap a new connection is closed as soon as it is accepted, before anything is read: the client
 * sees the connection closed and may retry; connections already open are not disturbed.
 */
final class ConnectionCap {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionCap.class);
    private static final long WARN_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);

    /** {@code petstore.max-connections}, environment variable {@code PETSTORE_MAX_CONNECTIONS}; 0 removes the cap. */
    @ConfigurationProperties("petstore")
    record Settings(@Nullable Integer maxConnections) {
        int max() {
            return maxConnections == null ? 10_000 : maxConnections;
        }
    }

    private final int max;
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);

    ConnectionCap(int max) {
        this.max = max;
    }

    /** Counts a new connection until it closes; false (and the connection closing) when it is one too many. */
    boolean admit(Channel channel) {
        int now = open.incrementAndGet();
        channel.closeFuture().addListener(closed -> open.decrementAndGet());
        if (max <= 0 || now <= max) {
            return true;
        }
        channel.close();
        long last = lastWarning.get();
        if (System.nanoTime() - last >= WARN_EVERY_NANOS && lastWarning.compareAndSet(last, System.nanoTime())) {
            LOG.warn("{} connections are open, the most PETSTORE_MAX_CONNECTIONS allows: new ones are closed at once", max);
        }
        return false;
    }
}
