package org.animalstore.bootstrap;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import java.time.Duration;

/** How long an Idempotency-Key is remembered: {@code petstore.idempotency.ttl} ({@code PETSTORE_IDEMPOTENCY_TTL}, e.g. {@code 90m}). */
@ConfigurationProperties("petstore.idempotency")
public record IdempotencyConfiguration(@Bindable(defaultValue = "24h") Duration ttl) {
}
