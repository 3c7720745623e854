package org.animalstore.bootstrap;

import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micronaut.configuration.metrics.binder.jvm.JvmMeterRegistryBinderFactory;
import io.micronaut.configuration.metrics.annotation.RequiresMetrics;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The garbage collectors in the metrics, read from their MXBeans when Prometheus scrapes (ADR 0049), in place
 * of Micrometer's {@link JvmGcMetrics}: that one listens for the notification the JDK builds after every
 * collection, and at the young collections of a busy instance (about 30 a second) building them was 4 to 7 %
 * of a lookup's CPU samples. Series: {@code jvm_gc_pause_seconds_count/_sum{gc,action}}, collections and their
 * total time per collector (no {@code _max}, no {@code cause}); {@code jvm_gc_live_data_size_bytes}, the old
 * generation after its last collection; {@code jvm_gc_max_data_size_bytes}, the most it may hold.
 */
@Singleton
@RequiresMetrics
@Requires(property = "micronaut.metrics.binders.jvm.enabled", notEquals = "false")
@Replaces(bean = JvmGcMetrics.class, factory = JvmMeterRegistryBinderFactory.class)
final class PolledGcMetrics implements MeterBinder {

    /** The JDK's collectors of the young generation only (G1's young collector lists the old pool too, so names decide). */
    private static final Set<String> YOUNG_COLLECTORS = Set.of("Copy", "PS Scavenge", "ParNew", "G1 Young Generation",
            "ZGC Minor Cycles", "ZGC Minor Pauses");
    /** The old generation's pool in each of the JDK's collectors. */
    private static final Set<String> OLD_GENERATION = Set.of("Tenured Gen", "G1 Old Gen", "PS Old Gen", "ZGC Old Generation", "Shenandoah");

    @Override
    public void bindTo(MeterRegistry registry) {
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            boolean minor = YOUNG_COLLECTORS.contains(collector.getName());
            FunctionTimer.builder("jvm.gc.pause", collector, GarbageCollectorMXBean::getCollectionCount,
                            GarbageCollectorMXBean::getCollectionTime, TimeUnit.MILLISECONDS)
                    .description("Collections and the time they took, as the collector counts them")
                    .tags("gc", collector.getName(), "action", minor ? "end of minor GC" : "end of major GC")
                    .register(registry);
        }
        ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> OLD_GENERATION.contains(pool.getName()))
                .findFirst()
                .ifPresent(old -> bindOldGeneration(registry, old));
    }

    private static void bindOldGeneration(MeterRegistry registry, MemoryPoolMXBean old) {
        Gauge.builder("jvm.gc.live.data.size", old, pool -> pool.getCollectionUsage() == null ? 0 : pool.getCollectionUsage().getUsed())
                .description("The old generation after its last collection")
                .baseUnit("bytes")
                .register(registry);
        Gauge.builder("jvm.gc.max.data.size", old, pool -> pool.getUsage().getMax())
                .description("The most the old generation may hold")
                .baseUnit("bytes")
                .register(registry);
    }
}
