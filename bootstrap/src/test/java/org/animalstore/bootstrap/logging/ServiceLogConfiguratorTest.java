package org.animalstore.bootstrap.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator.ExecutionStatus;
import ch.qos.logback.core.status.Status;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ServiceLogConfiguratorTest {

    private final LoggerContext context = new LoggerContext();
    private final ServiceLogConfigurator configurator = new ServiceLogConfigurator();

    @AfterEach
    void stop() {
        context.stop();
    }

    @Test
    void steps_aside_when_a_logback_configuration_file_is_on_the_class_path() {
        // given: the test class path carries logback-test.xml
        configurator.setContext(context);

        // when
        ExecutionStatus status = configurator.configure(context);

        // then: logback goes on to its XML configurator, nothing was set up here
        assertThat(status).isEqualTo(ExecutionStatus.INVOKE_NEXT_IF_ANY);
        assertThat(root().iteratorForAppenders().hasNext()).isFalse();
    }

    @Test
    void writes_readable_lines_at_info_to_the_buffered_console_by_default() {
        // when
        apply(null);

        // then
        BufferedConsoleAppender console = console();
        assertThat(root().getLevel()).isEqualTo(Level.INFO);
        assertThat(console.isStarted()).isTrue();
        assertThat(console.getEncoder()).isInstanceOfSatisfying(PatternLayoutEncoder.class,
                encoder -> assertThat(encoder.getPattern()).isEqualTo(ServiceLogConfigurator.TEXT_PATTERN));
    }

    @Test
    void writes_json_objects_when_log_format_is_json_in_any_case() {
        // when
        apply(" JSON ");

        // then
        assertThat(console().getEncoder()).isInstanceOf(JsonEncoder.class);
        assertThat(warnings()).isZero();
    }

    @Test
    void writes_readable_lines_and_warns_when_log_format_is_unknown() {
        // when
        apply("xml");

        // then
        assertThat(console().getEncoder()).isInstanceOf(PatternLayoutEncoder.class);
        assertThat(context.getStatusManager().getCopyOfStatusList())
                .anySatisfy(status -> assertThat(status.getMessage()).contains("LOG_FORMAT must be text or json, not 'xml'"));
    }

    private void apply(String logFormat) {
        if (logFormat != null) {
            context.putProperty("LOG_FORMAT", logFormat);
        }
        configurator.setContext(context);
        configurator.applyTo(context);
    }

    private Logger root() {
        return context.getLogger(Logger.ROOT_LOGGER_NAME);
    }

    private BufferedConsoleAppender console() {
        return (BufferedConsoleAppender) root().getAppender("CONSOLE");
    }

    private long warnings() {
        return context.getStatusManager().getCopyOfStatusList().stream().filter(status -> status.getLevel() >= Status.WARN).count();
    }
}
