package org.animalstore.adapters.rest.ops;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.inject.Singleton;

/**
 * Micronaut tags its request timers with the raw route template; the {@code uri} tag names the route
 * as documented ({@code /v1/pets/{petId}}), as the access log and the API meters do. Applied once per meter.
 */
@Singleton
final class RouteTemplateTags implements MeterFilter {

    private static final String URI = "uri";

    @Override
    public Meter.Id map(Meter.Id id) {
        String uri = id.getTag(URI);
        return uri == null || uri.indexOf(':') < 0 ? id : id.withTag(Tag.of(URI, Requests.withoutPatterns(uri)));
    }
}
