package org.animalstore.bootstrap;

import io.micronaut.context.env.Environment;
import org.animalstore.adapters.rest.http.WorkaroundSwitch;

/**
 * {@code petstore.http.workarounds=false} (PETSTORE_HTTP_WORKAROUNDS) leaves Micronaut and Netty as they ship,
 * without the fence's smuggling and framing refusals: it exists for the canary tests, so the service refuses to
 * start with it outside the {@code test} environment, before any bean (or the database) is touched.
 */
final class WorkaroundsOffInTestsOnly {

    private WorkaroundsOffInTestsOnly() {
    }

    static void check(Environment environment) {
        boolean off = environment.getProperty(WorkaroundSwitch.PROPERTY, String.class).map(value -> value.strip().equalsIgnoreCase("false")).orElse(false);
        if (off && !environment.getActiveNames().contains(Environment.TEST)) {
            throw new IllegalStateException("PETSTORE_HTTP_WORKAROUNDS (" + WorkaroundSwitch.PROPERTY + ") is false: that removes the"
                    + " refusals of smuggled and badly framed requests, and is for the canary tests only (docs/framework-workarounds.md)");
        }
    }
}
