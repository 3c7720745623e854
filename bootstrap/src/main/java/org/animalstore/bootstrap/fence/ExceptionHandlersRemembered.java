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
 * The service's application context ({@code Application.ServiceContextBuilder} builds it; Micronaut's
 * {@code newApplicationContext} hook). Workaround: for every error answer (a 404, a 400, the 401 Micronaut's security
 * gives) Micronaut looks for the exception handler of the exception's class with a {@link ClosestTypeArgumentQualifier},
 * which has no {@code equals}, so its bean context's cache never hits and each lookup walks every bean definition: 39
 * to 45 % of the CPU samples of a 404 or a 400 (async-profiler). This context makes that lookup once per exception class
 * and remembers the answer; a bean registered later forgets them all. Upstream: none filed (the qualifier lost its
 * {@code equals} in micronaut-core #9778; #1596 had given it one, as it "will leak memory" otherwise).
 * {@code ExceptionHandlerLookupCanaryTest} tells when it can go. At start it also refuses the workaround switch off
 * outside the tests, and maps the tracing switch onto Micronaut's ({@link #startEnvironment}).
 */
public final class ExceptionHandlersRemembered extends DefaultApplicationContext {

    private final Map<List<Class<?>>, Optional<? extends BeanDefinition<?>>> handlers = new ConcurrentHashMap<>();
    private volatile Boolean enabled;

    public ExceptionHandlersRemembered(ApplicationContextConfiguration configuration) {
        super(configuration);
    }

    /**
     * Before any bean (or the database) is touched: {@code petstore.http.workarounds=false} removes the refusals of
     * smuggled and badly framed requests, so only the {@code test} environment may start with it. And tracing off
     * ({@code otel.sdk.disabled}, the default) leaves Micronaut's OpenTelemetry beans out altogether
     * ({@code micronaut.otel.enabled}): its tracing filter otherwise ran on every request with nothing to record. With
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
        Map<String, Object> switches = new HashMap<>(Map.of("micronaut.otel.enabled", isFalse(environment, "otel.sdk.disabled", "true")));
        if (!isFalse(environment, Workarounds.SWITCH, "true")) {
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
        if (beanType.getType() != ExceptionHandler.class || !(qualifier instanceof ClosestTypeArgumentQualifier<T> closest) || !enabled()) {
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

    private boolean enabled() {
        Boolean on = enabled;
        if (on == null) {
            on = getEnvironment().getProperty(Workarounds.SWITCH, Boolean.class, true);
            enabled = on;
        }
        return on;
    }
}
