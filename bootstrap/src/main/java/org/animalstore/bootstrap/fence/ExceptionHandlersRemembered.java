package org.animalstore.bootstrap.fence;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextConfiguration;
import io.micronaut.context.BeanContext;
import io.micronaut.context.DefaultApplicationContext;
import io.micronaut.context.Qualifier;
import io.micronaut.context.RuntimeBeanDefinition;
import io.micronaut.context.env.Environment;
import io.micronaut.context.env.PropertySource;
import io.micronaut.core.type.Argument;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.inject.BeanDefinition;
import io.micronaut.inject.qualifiers.ClosestTypeArgumentQualifier;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The service's application context (built by {@code Application.ServiceContextBuilder}). Workaround: for every error
 * answer (404, 400, security's 401) Micronaut looks up the exception's handler with a {@link ClosestTypeArgumentQualifier},
 * which has no {@code equals}, so the bean cache never hits and each lookup walks every bean definition (39 to 45 % of
 * the CPU of a 404 or a 400). This context looks up once per exception class; a bean registered later forgets them all.
 * Upstream: none filed (the qualifier lost its {@code equals} in micronaut-core #9778; #1596 had given it one).
 * {@code ExceptionHandlerLookupCanaryTest} tells when it can go. It also guards the switches ({@link #startEnvironment}).
 */
public final class ExceptionHandlersRemembered extends DefaultApplicationContext {

    private final Map<List<Class<?>>, Optional<? extends BeanDefinition<?>>> handlers = new ConcurrentHashMap<>();
    private volatile boolean enabled;

    public ExceptionHandlersRemembered(ApplicationContextConfiguration configuration) {
        super(configuration);
    }

    /**
     * Before any bean is made: {@code petstore.http.workarounds=false} removes the refusals of smuggled and badly framed
     * requests, so only the {@code test} environment may start with it. Tracing off ({@code otel.sdk.disabled}, the
     * default) leaves Micronaut's OpenTelemetry beans out: its filter otherwise ran on every request for nothing. With
     * the workarounds on, Micronaut's security filter is off: {@link SecurityWithoutReactor} takes its place.
     */
    @Override
    protected void startEnvironment() {
        super.startEnvironment();
        Environment environment = getEnvironment();
        if (isFalse(environment, Workarounds.SWITCH, "true") && !environment.getActiveNames().contains(Environment.TEST)) {
            throw new IllegalStateException("PETSTORE_HTTP_WORKAROUNDS (" + Workarounds.SWITCH + ") is false: that removes the"
                    + " refusals of smuggled and badly framed requests, and is for the canary tests only (docs/framework-workarounds.md)");
        }
        enabled = environment.getProperty(Workarounds.SWITCH, Boolean.class, true);
        boolean tracing = isFalse(environment, "otel.sdk.disabled", "true");
        Map<String, Object> switches = new HashMap<>(Map.of("micronaut.otel.enabled", tracing, "otel.instrumentation.jdbc.enabled", tracing));
        if (enabled) {
            switches.put("micronaut.security.filter.enabled", false); // SecurityWithoutReactor takes its place
        }
        environment.addPropertySource(PropertySource.of("switches", switches));
    }

    private static boolean isFalse(Environment environment, String property, String otherwise) {
        return environment.getProperty(property, String.class, otherwise).strip().equalsIgnoreCase("false");
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public <T> Optional<BeanDefinition<T>> findBeanDefinition(Argument<T> beanType, Qualifier<T> qualifier) {
        if (beanType.getType() != ExceptionHandler.class || !(qualifier instanceof ClosestTypeArgumentQualifier<T> closest) || !enabled) {
            return super.findBeanDefinition(beanType, qualifier);
        }
        List<Class<?>> key = List.of(closest.getTypeArguments());
        Optional found = handlers.get(key);
        if (found == null) {
            found = super.findBeanDefinition(beanType, qualifier);
            handlers.putIfAbsent(key, found);
        }
        return found;
    }

    @Override
    public <T> ApplicationContext registerSingleton(Class<T> type, T singleton, Qualifier<T> qualifier, boolean inject) {
        handlers.clear();
        return super.registerSingleton(type, singleton, qualifier, inject);
    }

    @Override
    public <B> BeanContext registerBeanDefinition(RuntimeBeanDefinition<B> definition) {
        handlers.clear();
        return super.registerBeanDefinition(definition);
    }
}
