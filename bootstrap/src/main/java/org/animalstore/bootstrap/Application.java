package org.animalstore.bootstrap;

import ch.qos.logback.classic.LoggerContext;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.Micronaut;
import java.time.Duration;
import java.time.Instant;
import org.animalstore.bootstrap.fence.ExceptionHandlersRemembered;
import org.animalstore.bootstrap.logging.RepeatLimitFilter;
import org.slf4j.LoggerFactory;

/** Starts the Animal Store service. */
public final class Application {

    /** Longer than the graceful-shutdown grace period: how long the last log lines wait for the application to stop. */
    private static final Duration LOG_DRAIN_LIMIT = Duration.ofSeconds(60);

    private Application() {
    }

    public static void main(String[] args) {
        ApplicationContext context = new ServiceContextBuilder().args(args).mainClass(Application.class).banner(false).start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stopLoggingAfter(context), "log-drain"));
    }

    /** Builds the service's context, {@link ExceptionHandlersRemembered}; the end-to-end tests name it in {@code @MicronautTest}. */
    public static final class ServiceContextBuilder extends Micronaut {

        @Override
        protected ApplicationContext newApplicationContext() {
            return new ExceptionHandlersRemembered(this);
        }
    }

    /**
     * Shutdown hooks run side by side: this one waits for Micronaut's (graceful shutdown, then the context), then reports
     * what the last interval suppressed and stops logging, which writes out the lines still queued.
     */
    private static void stopLoggingAfter(ApplicationContext context) {
        Instant limit = Instant.now().plus(LOG_DRAIN_LIMIT);
        while (context.isRunning() && Instant.now().isBefore(limit)) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logging) {
            logging.getTurboFilterList().stream().filter(RepeatLimitFilter.class::isInstance)
                    .forEach(filter -> ((RepeatLimitFilter) filter).endInterval());
            logging.stop();
        }
    }
}
