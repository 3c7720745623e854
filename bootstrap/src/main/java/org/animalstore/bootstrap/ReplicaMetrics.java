package org.animalstore.bootstrap;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.animalstore.adapters.persistence.ReadReplica;

/**
 * The read replica in the metrics (docs/scaling.md): {@code animalstore_replica_reads_total} by {@code target}
 * ({@code replica}: answered there; {@code primary}: sent to the primary because it was behind, out of reach
 * or failed), {@code animalstore_replica_staleness_seconds} and {@code animalstore_replica_up}.
 */
@Singleton
@Requires(beans = ReadReplica.class)
final class ReplicaMetrics implements MeterBinder {

    // Looked up at the first scrape: the replica's pool has meters of its own, so the registry would wait on itself.
    private final BeanProvider<ReadReplica> replica;

    ReplicaMetrics(BeanProvider<ReadReplica> replica) {
        this.replica = replica;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Map.<String, ToDoubleFunction<ReadReplica.Status>>of("replica", ReadReplica.Status::served, "primary", ReadReplica.Status::sentPrimary)
                .forEach((target, count) -> FunctionCounter.builder("animalstore.replica.reads", replica, each -> count.applyAsDouble(each.get().status()))
                        .description("Reads the replica answered (replica) or that went to the primary instead (primary)")
                        .tags("target", target)
                        .register(registry));
        Gauge.builder("animalstore.replica.staleness", replica, each -> each.get().status().stalenessSeconds())
                .description("How long ago the primary was last at a position the replica has replayed; reads leave it past max-lag")
                .baseUnit("seconds")
                .register(registry);
        Gauge.builder("animalstore.replica.up", replica, each -> each.get().status().reachable() ? 1 : 0)
                .description("1 while the last check reached the replica")
                .register(registry);
    }
}
