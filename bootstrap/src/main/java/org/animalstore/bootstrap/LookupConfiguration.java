package org.animalstore.bootstrap;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import org.animalstore.application.Grouped;
import org.animalstore.application.GroupedLookups;

/**
 * How concurrent lookups of pets by id share round trips ({@link GroupedLookups}), from {@code petstore.lookups.*}
 * (environment variables {@code PETSTORE_LOOKUPS_READERS}, {@code PETSTORE_LOOKUPS_MAX_GROUP}): at most
 * {@code readers} groups read at a time, each of at most {@code maxGroup} ids.
 */
@ConfigurationProperties("petstore.lookups")
public record LookupConfiguration(@Bindable(defaultValue = "1") int readers, @Bindable(defaultValue = "64") int maxGroup) {

    public LookupConfiguration {
        if (readers < 1) {
            throw new IllegalArgumentException("PETSTORE_LOOKUPS_READERS must be at least 1");
        }
        if (maxGroup < 1 || maxGroup > Grouped.MAX_GROUP) {
            throw new IllegalArgumentException("PETSTORE_LOOKUPS_MAX_GROUP must be 1 to " + Grouped.MAX_GROUP);
        }
    }
}
