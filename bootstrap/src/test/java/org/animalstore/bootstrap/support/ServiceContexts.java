package org.animalstore.bootstrap.support;

import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import java.util.Map;
import org.animalstore.bootstrap.Application;

/**
 * Instances of the service for tests that start their own, built as {@code main} builds the service
 * ({@link Application.ServiceContextBuilder}), never on Micronaut's plain context (ExceptionHandlerLookupCanaryTest).
 */
public final class ServiceContexts {

    private ServiceContexts() {
    }

    /** The service's context with these settings, started, without its HTTP server. */
    public static ApplicationContext context(Map<String, Object> properties, String... environments) {
        return new Application.ServiceContextBuilder().environments(environments).properties(properties).build().start();
    }

    /** The service with these settings, its HTTP server started; closing the server stops the service. */
    public static EmbeddedServer server(Map<String, Object> properties, String... environments) {
        ApplicationContext context = context(properties, environments);
        try {
            return context.getBean(EmbeddedServer.class).start();
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
    }
}
