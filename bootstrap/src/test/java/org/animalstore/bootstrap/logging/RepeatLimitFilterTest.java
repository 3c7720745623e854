package org.animalstore.bootstrap.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.read.ListAppender;
import ch.qos.logback.core.util.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RepeatLimitFilterTest {

    private final LoggerContext context = new LoggerContext();
    private final ListAppender<ILoggingEvent> written = new ListAppender<>();
    private final RepeatLimitFilter filter = new RepeatLimitFilter();
    private final Logger server = context.getLogger("server");

    RepeatLimitFilterTest() {
        context.setMDCAdapter(new LogbackMDCAdapter());
        written.setContext(context);
        written.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(written);
        filter.setContext(context);
        filter.setInterval(Duration.buildByMinutes(10)); // the tests end intervals themselves
        filter.setPerTemplate(3);
        filter.setTotal(5);
        filter.addExempt("access");
    }

    @AfterEach
    void stop() {
        context.stop();
    }

    private void start() {
        filter.start();
        context.addTurboFilter(filter);
    }

    private List<String> messages() {
        return written.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    @Test
    void writes_the_first_events_of_a_template_then_one_line_with_how_many_were_suppressed() {
        // given
        start();

        // when
        for (int i = 0; i < 1000; i++) {
            server.error("Unexpected error occurred: {}", "used " + i, new IllegalStateException());
        }
        filter.endInterval();

        // then
        assertThat(messages()).containsExactly("Unexpected error occurred: used 0", "Unexpected error occurred: used 1",
                "Unexpected error occurred: used 2", "suppressed 997 similar events in 10 minutes: Unexpected error occurred: {}");
        ILoggingEvent report = written.list.getLast();
        assertThat(report.getLevel()).isEqualTo(Level.ERROR);
        assertThat(report.getLoggerName()).isEqualTo("server");
        assertThat(report.getKeyValuePairs()).singleElement().satisfies(pair -> {
            assertThat(pair.key).isEqualTo("suppressed");
            assertThat(pair.value).isEqualTo(997L);
        });
    }

    @Test
    void lets_a_template_through_again_in_the_next_interval() {
        // given
        start();
        for (int i = 0; i < 4; i++) {
            server.warn("slow");
        }
        filter.endInterval();
        written.list.clear();

        // when
        server.warn("slow");
        filter.endInterval();

        // then: written, and nothing suppressed to report
        assertThat(messages()).containsExactly("slow");
    }

    @Test
    void bounds_all_templates_together_and_counts_the_rest_on_its_own_logger() {
        // given
        start();

        // when: a thousand messages made by concatenation, each its own template
        for (int i = 0; i < 1000; i++) {
            server.warn("failed for request " + i);
        }
        filter.endInterval();

        // then
        assertThat(messages()).hasSize(6).endsWith("suppressed 995 events in 10 minutes: over 5 events");
        assertThat(written.list.getLast().getLoggerName()).isEqualTo(RepeatLimitFilter.class.getName());
    }

    @Test
    void the_fluent_api_is_bounded_too() {
        // given
        start();

        // when
        for (int i = 0; i < 10; i++) {
            server.atError().addKeyValue("attempt", i).log("gave up");
        }
        filter.endInterval();

        // then
        assertThat(messages()).containsExactly("gave up", "gave up", "gave up", "suppressed 7 similar events in 10 minutes: gave up");
    }

    @Test
    void leaves_exempt_loggers_disabled_levels_and_levels_below_its_threshold_alone() {
        // given
        filter.setThreshold(Level.WARN);
        start();

        // when
        for (int i = 0; i < 10; i++) {
            context.getLogger("access").warn("GET /v1/pets 401");
            server.info("started");
            server.debug("not enabled");
        }
        server.warn("one warning");
        filter.endInterval();

        // then
        assertThat(messages()).filteredOn("GET /v1/pets 401"::equals).hasSize(10);
        assertThat(messages()).filteredOn("started"::equals).hasSize(10);
        assertThat(messages()).contains("one warning").noneMatch(message -> message.startsWith("suppressed"));
    }

    @Test
    void reports_at_the_end_of_each_interval_on_its_own() throws InterruptedException {
        // given
        filter.setInterval(Duration.buildByMilliseconds(50));
        start();

        // when
        for (int i = 0; i < 5; i++) {
            server.error("down");
        }

        // then
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (messages().size() < 4 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(messages()).containsExactly("down", "down", "down", "suppressed 2 similar events in 50 milliseconds: down");
    }

    @Test
    void does_not_start_with_a_total_below_the_allowance_of_one_template() {
        // given
        filter.setTotal(2);

        // when
        filter.start();

        // then
        assertThat(filter.isStarted()).isFalse();
    }
}
