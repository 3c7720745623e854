package org.animalstore.bootstrap.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.core.status.Status;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import org.junit.jupiter.api.Test;

/** What the service's logback.xml sets up: an asynchronous console, text or JSON lines, stack traces cut short. */
class LogbackXmlTest {

    @Test
    void writes_readable_lines_at_info_through_a_never_blocking_asynchronous_console_by_default() throws Exception {
        // given
        try (ServiceLogging logging = new ServiceLogging(null)) {
            // when
            logging.context.getMDCAdapter().put("requestId", "r-1");
            logging.logger("demo").info("served {}", "GET");

            // then
            assertThat(logging.async().isNeverBlock()).isTrue();
            assertThat(logging.logger("root").getLevel()).isEqualTo(Level.INFO);
            assertThat(logging.console().getEncoder()).isInstanceOf(PatternLayoutEncoder.class);
            assertThat(logging.stopAndRead()).matches("\\S+ INFO  \\[.+] demo \\[r-1 -] - served GET\\R");
        }
    }

    @Test
    void writes_one_json_object_per_line_when_log_format_is_json_in_any_case() throws Exception {
        // given
        try (ServiceLogging logging = new ServiceLogging(" JSON ")) {
            // when
            logging.logger("demo").atInfo().addKeyValue("status", 200).log("served {}", "GET");

            // then
            String line = logging.stopAndRead();
            JsonNode node = JsonMapper.createDefault().readValue(line, JsonNode.class);
            assertThat(line).endsWith("}\n").hasLineCount(1);
            assertThat(node.get("loggerName").getStringValue()).isEqualTo("demo");
            assertThat(node.get("level").getStringValue()).isEqualTo("INFO");
            assertThat(node.get("formattedMessage").getStringValue()).isEqualTo("served GET");
            assertThat(node.get("kvpList").get(0).get("status").getStringValue()).isEqualTo("200");
            assertThat(node.get("timestamp").isNumber()).isTrue();
            assertThat(node.get("sequenceNumber")).isNull();
            assertThat(node.get("message")).isNull();
        }
    }

    @Test
    void writes_readable_lines_and_warns_when_log_format_is_unknown() throws Exception {
        // given
        try (ServiceLogging logging = new ServiceLogging("xml")) {
            // then
            assertThat(logging.console().getEncoder()).isInstanceOf(PatternLayoutEncoder.class);
            assertThat(logging.context.getStatusManager().getCopyOfStatusList())
                    .anySatisfy(status -> assertThat(status.getMessage()).contains("LOG_FORMAT must be text or json, not 'xml'"))
                    .noneSatisfy(status -> assertThat(status.getLevel()).isEqualTo(Status.ERROR));
        }
    }

    @Test
    void writes_at_most_20_frames_of_each_exception_in_text() throws Exception {
        // given
        try (ServiceLogging logging = new ServiceLogging(null)) {
            // when
            logging.logger("demo").error("failed", Failures.deep(200));

            // then: the message, then for the exception and its cause a first line and 20 frames each
            String text = logging.stopAndRead();
            assertThat(text.lines().filter(line -> line.startsWith("\tat ")).count()).isEqualTo(40);
            assertThat(text).contains("Caused by: java.lang.IllegalStateException: the cause");
        }
    }

    @Test
    void writes_at_most_20_frames_of_each_exception_in_json() throws Exception {
        // given
        try (ServiceLogging logging = new ServiceLogging("json")) {
            // when
            logging.logger("demo").error("failed", Failures.deep(200));

            // then
            JsonNode throwable = JsonMapper.createDefault().readValue(logging.stopAndRead(), JsonNode.class).get("throwable");
            assertThat(throwable.get("stepArray").size()).isEqualTo(20);
            assertThat(throwable.get("cause").get("message").getStringValue()).isEqualTo("the cause");
            assertThat(throwable.get("cause").get("stepArray").size()).isEqualTo(20);
        }
    }
}
