package org.animalstore.bootstrap.logging;

import java.util.function.Supplier;

/** Exceptions with deep stacks, as a failure deep inside a framework has. */
final class Failures {

    private Failures() {
    }

    /** An exception made {@code depth} calls down, with a cause made as deep. */
    static RuntimeException deep(int depth) {
        IllegalStateException cause = madeAt(depth, () -> new IllegalStateException("the cause"));
        return madeAt(depth, () -> new RuntimeException("failed to allocate 4194304 byte(s) of direct memory", cause));
    }

    private static <T> T madeAt(int depth, Supplier<T> make) {
        return depth == 0 ? make.get() : madeAt(depth - 1, make);
    }
}
