package org.animalstore.bootstrap;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextConfiguration;
import io.micronaut.context.BeanContext;
import io.micronaut.context.DefaultApplicationContext;
import io.micronaut.context.Qualifier;
import io.micronaut.context.RuntimeBeanDefinition;
import io.micronaut.core.type.Argument;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.inject.BeanDefinition;
import io.micronaut.inject.qualifiers.ClosestTypeArgumentQualifier;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.animalstore.adapters.rest.http.WorkaroundSwitch;

/**
 * Workaround (docs/framework-workarounds.md, "Beside the fence"): for every error answer (a 404, a 400, a 401
 * Micronaut's security gives) Micronaut looks for the exception handler of the exception's class with a
 * qualifier that has no {@code equals}, so its bean context's cache never hits and each lookup walks every
 * bean definition: 39 to 45 % of the CPU samples of a 404 or a 400 (async-profiler, 2026-11-27). This context
 * makes that lookup once per exception class and remembers the answer; a bean registered later forgets them
 * all. {@code ExceptionHandlerLookupCanaryTest} tells when it can go. Being the service's context, it also refuses
 * the workaround switch off outside the tests ({@link WorkaroundsOffInTestsOnly}).
 */
final class ExceptionHandlersRemembered extends DefaultApplicationContext {

    private final Map<List<Class<?>>, Optional<? extends BeanDefinition<?>>> handlers = new ConcurrentHashMap<>();
    private volatile Boolean enabled;

    ExceptionHandlersRemembered(ApplicationContextConfiguration configuration) {
        super(configuration);
    }

    @Override
    protected void startEnvironment() {
        super.startEnvironment();
        WorkaroundsOffInTestsOnly.check(getEnvironment());
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
            on = getEnvironment().getProperty(WorkaroundSwitch.PROPERTY, Boolean.class, true);
            enabled = on;
        }
        return on;
    }
}
