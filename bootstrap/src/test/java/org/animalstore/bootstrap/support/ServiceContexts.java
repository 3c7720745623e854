package org.animalstore.bootstrap.support;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.BeanRegistration;
import io.micronaut.runtime.server.EmbeddedServer;
import java.util.Map;
import javax.sql.DataSource;
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
        ApplicationContext context = new Application.ServiceContextBuilder().environments(environments).properties(properties).build();
        try {
            return context.start();
        } catch (RuntimeException e) {
            closePools(context);
            throw e;
        }
    }

    /**
     * A start that fails leaves running what it made, and Micronaut will not stop a context that never started: the
     * connection pools of the startup tests' refused starts held their connections until PostgreSQL refused more.
     */
    private static void closePools(ApplicationContext failed) {
        for (BeanRegistration<DataSource> pool : failed.getActiveBeanRegistrations(DataSource.class)) {
            if (pool.getBean() instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    throw new IllegalStateException("could not close a pool of a failed start", e);
                }
            }
        }
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
