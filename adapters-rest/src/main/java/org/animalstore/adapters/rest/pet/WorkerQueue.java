package org.animalstore.adapters.rest.pet;

import static java.lang.annotation.RetentionPolicy.RUNTIME;

import io.micronaut.aop.Around;
import io.micronaut.aop.InterceptorBean;
import io.micronaut.aop.MethodInterceptor;
import io.micronaut.aop.MethodInvocationContext;
import io.micronaut.context.annotation.Value;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.context.ServerRequestContext;
import jakarta.inject.Singleton;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import java.time.Duration;
import org.animalstore.adapters.rest.error.ServiceUnavailableException;
import org.animalstore.adapters.rest.ops.RequestTimes;

/**
 * The wait for a catalogue worker, bounded. Pet requests run on a fixed set of platform threads, as
 * many as pooled connections ({@value #EXECUTOR}), queued first come, first served. While storage is
 * slow or out of reach the queue grows, and a request would wait for every request ahead of it
 * before even asking the pool for a connection. So a request that waited longer than
 * {@code petstore.catalogue.max-queue-wait} (application.yml: the pool's connection timeout, 2 s) is answered
 * 503 at once, without touching storage, as it would have been had it waited on the pool itself. The rule
 * runs around every handler of a controller marked {@link Bounded}, as the worker starts it.
 */
@Singleton
@InterceptorBean(WorkerQueue.Bounded.class)
final class WorkerQueue implements MethodInterceptor<Object, Object> {

    /** The executor pet requests run on (application.yml: {@code micronaut.executors.catalogue}). */
    static final String EXECUTOR = "catalogue";

    /** On a controller that runs on {@value #EXECUTOR}: its handlers refuse a request that waited too long for a worker. */
    @Documented
    @Retention(RUNTIME)
    @Target(ElementType.TYPE)
    @Around
    @interface Bounded {
    }

    private final long maxWaitNanos;

    WorkerQueue(@Value("${petstore.catalogue.max-queue-wait}") Duration maxWait) {
        this.maxWaitNanos = maxWait.toNanos();
    }

    @Override
    public Object intercept(MethodInvocationContext<Object, Object> context) {
        ServerRequestContext.currentRequest().ifPresent(this::leave);
        return context.proceed();
    }

    /** Throws {@link ServiceUnavailableException} (503) when the request waited too long for its worker. */
    private void leave(HttpRequest<?> request) {
        RequestTimes.receivedNanos(request).ifPresent(received -> {
            long waited = System.nanoTime() - received;
            if (waited > maxWaitNanos) {
                throw new ServiceUnavailableException("waited " + waited / 1_000_000 + " ms for a catalogue worker");
            }
        });
    }
}
