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
final class ManagementPort {

    static final String PROPERTY = "endpoints.all.port";

    private final int port;

    ManagementPort(@Value("${" + PROPERTY + ":0}") int port) {
        this.port = port;
    }

    /** Whether the request came in on the management port. */
    boolean received(HttpRequest<?> request) {
        InetSocketAddress local = request.getServerAddress();
        return port > 0 && local != null && local.getPort() == port;
    }
}
