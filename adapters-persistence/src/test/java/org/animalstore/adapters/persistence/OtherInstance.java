package org.animalstore.adapters.persistence;

import io.micronaut.context.ApplicationContext;
import java.util.Map;

/** Another instance of the service's storage side: an application context of its own, with its own pool. */
public final class OtherInstance implements AutoCloseable {

    private final ApplicationContext context;

    private OtherInstance(ApplicationContext context) {
        this.context = context;
    }

    /** On the same database as the tests of these environments. */
    public static OtherInstance on(String... environments) {
        return new OtherInstance(ApplicationContext.run(environments));
    }

    /** On a database that cannot be reached: nothing listens at {@code url}, the pool starts empty, nothing is migrated. */
    public static OtherInstance unreachable(String url) {
        return new OtherInstance(ApplicationContext.run(Map.of(
                "datasources.default.url", url,
                "datasources.default.initialization-fail-timeout", -1,
                "datasources.default.connection-timeout", 500,
                "flyway.datasources.default.enabled", false), "test"));
    }

    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    @Override
    public void close() {
        context.close();
    }
}
