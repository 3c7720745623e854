package org.animalstore.bootstrap;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import org.animalstore.application.Grouped;
import org.animalstore.application.GroupedAdditions;

/**
 * How concurrent additions share transactions ({@link GroupedAdditions}), from {@code petstore.additions.*}
 * (environment variables {@code PETSTORE_ADDITIONS_WRITERS}, {@code PETSTORE_ADDITIONS_MAX_GROUP}): at most
 * {@code writers} groups written at a time, each of at most {@code maxGroup} pets.
 */
@ConfigurationProperties("petstore.additions")
public record AdditionConfiguration(@Bindable(defaultValue = "1") int writers, @Bindable(defaultValue = "64") int maxGroup) {

    public AdditionConfiguration {
        if (writers < 1) {
            throw new IllegalArgumentException("PETSTORE_ADDITIONS_WRITERS must be at least 1");
        }
        if (maxGroup < 1 || maxGroup > Grouped.MAX_GROUP) {
            throw new IllegalArgumentException("PETSTORE_ADDITIONS_MAX_GROUP must be 1 to " + Grouped.MAX_GROUP);
        }
    }
}
