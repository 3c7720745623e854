package org.animalstore.adapters.rest.ops;

import io.micronaut.context.annotation.Value;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;
import java.net.InetSocketAddress;

/**
 * The management port ({@code endpoints.all.port}): health and metrics live there, apart from the
 * API. Zero or less (unset, or a random port as in tests) is never treated as the management port.
 */
@Singleton
public final class ManagementPort {

    static final String PROPERTY = "endpoints.all.port";

    private final int port;

    ManagementPort(@Value("${" + PROPERTY + ":0}") int port) {
        this.port = port;
    }

    /** Whether the request came in on the management port. */
    boolean received(HttpRequest<?> request) {
        InetSocketAddress local = request.getServerAddress();
        return local != null && isManagementPort(local.getPort());
    }

    /** Whether a connection accepted on this local port is the management port's. */
    public boolean isManagementPort(int localPort) {
        return port > 0 && localPort == port;
    }
}
