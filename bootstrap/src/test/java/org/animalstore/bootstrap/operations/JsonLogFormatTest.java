package org.animalstore.bootstrap.operations;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.runtime.server.EmbeddedServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The service's own logging (its logback.xml): readable lines by default, one JSON object per line with LOG_FORMAT=json. */
class JsonLogFormatTest {

    private final PrintStream originalOut = System.out;
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

    @AfterEach
    void restoreTestLogging() throws Exception {
        System.setOut(originalOut);
        restoreLogbackTestXml();
    }

    @Test
    void writes_each_line_as_a_json_object_with_the_request_id_and_access_fields_when_log_format_is_json() throws Exception {
        configureServiceLogging("json");

        List<String> lines = linesLoggedWhileServing("json-1");

        JsonMapper json = JsonMapper.createDefault();
        JsonNode access = null;
        for (String line : lines) {
            JsonNode node = json.readValue(line, JsonNode.class);
            assertThat(node.isObject()).as(line).isTrue();
            if (node.get("loggerName") != null && "animalstore.access".equals(node.get("loggerName").getStringValue())) {
                access = node;
            }
        }
        assertThat(access).as("an access-log line among %s", lines).isNotNull();
        assertThat(access.get("level").getStringValue()).isEqualTo("INFO");
        assertThat(access.get("mdc").get("requestId").getStringValue()).isEqualTo("json-1");
        assertThat(access.get("formattedMessage").getStringValue()).startsWith("GET /v1/pets 200");
        Map<String, String> fields = new HashMap<>();
        access.get("kvpList").values().forEach(pair -> pair.entries().forEach(field -> fields.put(field.getKey(), field.getValue().coerceStringValue())));
        assertThat(fields).containsEntry("route", "/v1/pets").containsEntry("status", "200").containsEntry("apiKey", "key-1")
                .containsEntry("requestId", "json-1");
    }

    @Test
    void writes_readable_lines_with_the_request_id_and_trace_id_by_default() throws Exception {
        configureServiceLogging(null);

        List<String> lines = linesLoggedWhileServing("text-1");

        assertThat(lines).anySatisfy(line -> assertThat(line)
                .matches("\\S+ INFO  \\[.+] animalstore\\.access \\[text-1 -] - GET /v1/pets 200 \\d+ms key=key-1 id=text-1"));
    }

    /** Starts the service, sends one request with this id, and returns every line written to standard output. */
    private List<String> linesLoggedWhileServing(String requestId) {
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try (EmbeddedServer server = ServiceContexts.server(Map.of(), "test")) {
            ApiClient api = new ApiClient(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class));
            api.call("GET", "/v1/pets").header("X-Request-Id", requestId).send();
        } finally {
            // As at exit: stopping logging writes out what the asynchronous appender still holds.
            ((LoggerContext) LoggerFactory.getILoggerFactory()).stop();
            System.setOut(originalOut);
        }
        return captured.toString(StandardCharsets.UTF_8).lines().filter(line -> !line.isBlank()).toList();
    }

    /** Sets logging up as the service does at startup (its logback.xml), with LOG_FORMAT set (or not). */
    private static void configureServiceLogging(String logFormat) throws IOException {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        if (logFormat != null) {
            context.putProperty("LOG_FORMAT", logFormat);
        }
        configure(context, "logback.xml");
    }

    private static void restoreLogbackTestXml() throws IOException {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        configure(context, "logback-test.xml");
    }

    private static void configure(LoggerContext context, String resource) throws IOException {
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        URL url = JsonLogFormatTest.class.getClassLoader().getResource(resource);
        try {
            configurator.doConfigure(url);
        } catch (ch.qos.logback.core.joran.spi.JoranException e) {
            throw new IOException(e);
        }
    }
}
