package org.animalstore.bootstrap;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.management.endpoint.health.HealthEndpoint;
import io.micronaut.management.endpoint.health.filter.HealthResultFilter;
import org.animalstore.adapters.rest.http.WorkaroundSwitch;

/**
 * Workaround (docs/framework-workarounds.md, "Beside the fence"): Micronaut's filter that gives a health answer
 * its status code (503 when DOWN) matches the three health paths, and one filter with a path pattern makes
 * Micronaut match and sort the whole filter chain on every request, API requests included. The same filter,
 * matching every path: it acts only on health answers. {@code HealthFilterCanaryTest} tells when it can go.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Replaces(HealthResultFilter.class)
@Requires(beans = HealthEndpoint.class)
@Requires(property = WorkaroundSwitch.PROPERTY, notEquals = "false")
final class HealthStatusOnEveryPath extends HealthResultFilter {

    HealthStatusOnEveryPath(HealthEndpoint endpoint) {
        super(endpoint);
    }
}
