package org.animalstore.adapters.rest.error;

import java.util.function.IntConsumer;

/**
 * A process out of memory of any kind exits rather than limps: {@code -XX:+ExitOnOutOfMemoryError} does not cover
 * Netty's {@code OutOfDirectMemoryError}, which would be a 500 while the process lives on. Exit code 3, as the JVM's.
 */
public final class OutOfMemory {

    static final int EXIT_CODE = 3;

    private OutOfMemory() {
    }

    /** Halts the process when {@code failure} or one of its causes is an {@link OutOfMemoryError}. */
    public static void exitIfCause(Throwable failure) {
        exitIfCause(failure, Runtime.getRuntime()::halt);
    }

    static void exitIfCause(Throwable failure, IntConsumer halt) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof OutOfMemoryError) {
                // No logging framework: it may need the memory that is gone. Halt: shutdown hooks may too.
                System.err.println("Terminating due to " + cause);
                System.err.flush();
                halt.accept(EXIT_CODE);
                return;
            }
        }
    }
}
