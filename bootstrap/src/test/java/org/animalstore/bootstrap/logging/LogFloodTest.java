package org.animalstore.bootstrap.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A flood of errors through the service's logback.xml, as an attack once caused (Netty's OutOfDirectMemoryError,
 * logged with its stack for every failed request): what reaches standard output stays within the bound
 * docs/operations.md states, 50 events and 51 counts per 10 s, each event with at most 20 frames per exception.
 */
class LogFloodTest {

    /** docs/operations.md: an event with an exception and its cause, 20 frames each, is at most 6 KB. */
    private static final int EVENT_BYTES = 6 * 1024;

    @ParameterizedTest
    @ValueSource(strings = {"text", "json"})
    void ten_thousand_identical_errors_write_five_events_and_one_count(String format) throws Exception {
        // given
        try (ServiceLogging logging = new ServiceLogging(format)) {
            Logger server = logging.logger("io.micronaut.http.server.RouteExecutor");
            RuntimeException failure = Failures.deep(200);

            // when
            for (int i = 0; i < 10_000; i++) {
                server.error("Unexpected error occurred: {}", failure.getMessage(), failure);
            }
            logging.endInterval();

            // then
            String written = logging.stopAndRead();
            List<String> events = events(written, format);
            assertThat(events).hasSize(6);
            assertThat(events.getLast()).contains("suppressed 9995 similar events in 10 seconds: Unexpected error occurred: {}");
            assertThat(written.getBytes(StandardCharsets.UTF_8).length).isLessThan(5 * EVENT_BYTES + 1024);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"text", "json"})
    void ten_thousand_errors_each_with_its_own_message_write_fifty_events_and_one_count(String format) throws Exception {
        // given
        try (ServiceLogging logging = new ServiceLogging(format)) {
            Logger server = logging.logger("org.animalstore.demo");
            RuntimeException failure = Failures.deep(200);

            // when: messages made by concatenation, so no two share a template
            for (int i = 0; i < 10_000; i++) {
                server.error("Request " + i + " failed", failure);
            }
            logging.endInterval();

            // then
            String written = logging.stopAndRead();
            List<String> events = events(written, format);
            assertThat(events).hasSize(51);
            assertThat(events.getLast()).contains("suppressed 9950 events in 10 seconds: over 50 events");
            assertThat(written.getBytes(StandardCharsets.UTF_8).length).isLessThan(50 * EVENT_BYTES + 1024);
        }
    }

    /** The events written: JSON has one a line; text lines of stack frames belong to the event above them. */
    private static List<String> events(String written, String format) {
        return written.lines().filter(line -> format.equals("json") || line.matches("^\\d{4}-\\d\\d-\\d\\dT.*")).toList();
    }
}
