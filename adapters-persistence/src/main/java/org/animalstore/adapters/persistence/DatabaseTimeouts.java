package org.animalstore.adapters.persistence;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

/**
 * How long the service waits on the database, in whole seconds; 0 waits for ever. Each profile passes
 * them to its driver in the driver's own unit.
 *
 * @param socketTimeout a statement with no answer for this long fails (503) instead of hanging on a dead
 *                      connection ({@code PETSTORE_DATABASE_SOCKET_TIMEOUT}); every statement of this
 *                      service takes milliseconds
 * @param connectTimeout opening a TCP connection to the database ({@code PETSTORE_DATABASE_CONNECT_TIMEOUT})
 */
@ConfigurationProperties("petstore.database")
public record DatabaseTimeouts(@Bindable(defaultValue = "3") int socketTimeout, @Bindable(defaultValue = "2") int connectTimeout) {
}
