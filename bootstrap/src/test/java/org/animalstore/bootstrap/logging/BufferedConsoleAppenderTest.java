package org.animalstore.bootstrap.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BufferedConsoleAppenderTest {

    private final LoggerContext context = new LoggerContext();
    private final Logger logger = context.getLogger("test");
    private final Target target = new Target();
    private final BufferedConsoleAppender appender = new BufferedConsoleAppender();

    /** Standard output's stand-in: remembers whether anyone closed it. */
    private static final class Target extends ByteArrayOutputStream {
        volatile boolean closed;

        @Override
        public void close() {
            closed = true;
        }

        String text() {
            return toString(StandardCharsets.UTF_8);
        }
    }

    @AfterEach
    void stop() {
        appender.stop();
    }

    private void start(long flushIntervalMillis) {
        context.setMDCAdapter(new LogbackMDCAdapter());
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%level %msg%n");
        encoder.start();
        appender.setContext(context);
        appender.setEncoder(encoder);
        appender.setTarget(target);
        appender.setFlushIntervalMillis(flushIntervalMillis);
        appender.start();
    }

    private void log(Level level, String message) {
        appender.doAppend(new LoggingEvent(Logger.class.getName(), logger, level, message, null, null));
    }

    @Test
    void holds_info_lines_until_a_warning_arrives_then_writes_both_in_order() {
        // given
        start(60_000);

        // when
        log(Level.INFO, "served");

        // then
        assertThat(target.text()).isEmpty();

        // when
        log(Level.WARN, "slow");

        // then
        assertThat(target.text()).isEqualTo("INFO served\nWARN slow\n");
    }

    @Test
    void writes_info_lines_out_within_the_flush_interval() throws InterruptedException {
        // given
        start(20);

        // when
        log(Level.INFO, "served");

        // then
        Instant deadline = Instant.now().plus(Duration.ofSeconds(5));
        while (target.text().isEmpty() && Instant.now().isBefore(deadline)) {
            Thread.sleep(5);
        }
        assertThat(target.text()).isEqualTo("INFO served\n");
    }

    @Test
    void stopping_writes_out_the_buffer_and_leaves_standard_output_open() {
        // given
        start(60_000);
        log(Level.INFO, "last words");

        // when
        appender.stop();

        // then
        assertThat(target.text()).isEqualTo("INFO last words\n");
        assertThat(target.closed).isFalse();
    }

    @Test
    void a_full_buffer_is_written_out_without_waiting() {
        // given
        appender.setBufferSize(64);
        start(60_000);

        // when
        for (int i = 0; i < 10; i++) {
            log(Level.INFO, "line number " + i);
        }

        // then: 10 lines of 19 bytes do not fit in 64 bytes, so most of them are out already
        assertThat(target.text()).startsWith("INFO line number 0\n").contains("INFO line number 6\n");
    }
}
