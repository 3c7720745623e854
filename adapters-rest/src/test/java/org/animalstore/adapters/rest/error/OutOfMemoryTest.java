package org.animalstore.adapters.rest.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.UncheckedIOException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OutOfMemoryTest {

    private final List<Integer> halts = new ArrayList<>();

    @Test
    void halts_with_code_3_when_an_answer_failed_for_want_of_direct_memory() {
        // Given the failure an answer meets when Netty's direct memory is gone, wrapped as frameworks wrap it
        Throwable failure = new IllegalStateException("encoding failed", new OutOfMemoryError("Cannot reserve 32768 bytes of direct buffer memory"));

        // When it is looked at
        OutOfMemory.exitIfCause(failure, halts::add);

        // Then the process halts as the JVM's own exit on out-of-memory does
        assertThat(halts).containsExactly(3);
    }

    @Test
    void halts_on_an_out_of_memory_error_itself() {
        OutOfMemory.exitIfCause(new OutOfMemoryError("Java heap space"), halts::add);

        assertThat(halts).containsExactly(3);
    }

    @Test
    void lets_every_other_failure_be_answered() {
        OutOfMemory.exitIfCause(new UncheckedIOException(new IOException("Connection reset by peer")), halts::add);
        OutOfMemory.exitIfCause(new StackOverflowError(), halts::add);

        assertThat(halts).isEmpty();
    }
}
