package org.animalstore.adapters.rest.pet;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

/**
 * The secret that signs paging cursors, from {@code petstore.cursor.secret} (environment variable
 * {@code PETSTORE_CURSOR_SECRET}). Every instance behind one address needs the same secret; unset,
 * each instance draws a random one at startup.
 */
@ConfigurationProperties("petstore.cursor")
public record CursorConfiguration(@Nullable String secret) {
}
