package org.animalstore.bootstrap.tracing;

import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import jakarta.inject.Singleton;

/** The spans a test's service finished, kept in memory instead of exported (Micronaut adds a SpanProcessor bean to the SDK). */
@Factory
@Requires(property = InMemorySpans.PROPERTY)
final class InMemorySpans {

    static final String PROPERTY = "animalstore.test.in-memory-spans";

    @Singleton
    InMemorySpanExporter exporter() {
        return InMemorySpanExporter.create();
    }

    @Singleton
    SpanProcessor processor(InMemorySpanExporter exporter) {
        return SimpleSpanProcessor.create(exporter);
    }
}
