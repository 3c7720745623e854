package org.animalstore.bootstrap.operations;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import java.util.List;
import java.util.Map;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.LogCapture;
import org.animalstore.bootstrap.support.RawHttp;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** PETSTORE_ACCESS_LOG: which answers get an access-log line, whoever gave them (Micronaut or the HTTP fence). */
class AccessLogListingTest {

    private static final String ACCESS = "animalstore.access";

    @ParameterizedTest
    @CsvSource({"all, 'ok,missing,keyless,refused'", "errors, 'missing,keyless,refused'", "off, ''"})
    void lists_the_answers_the_operator_chose(String listing, String listed) {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Map.of("petstore.access-log", listing), "test");
             LogCapture logs = new LogCapture(ACCESS)) {
            ApiClient api = new ApiClient(server.getURI(), server.getApplicationContext().getBean(JsonMapper.class));

            api.call("GET", "/v1/pets?limit=1").header("X-Request-Id", "ok").send();
            api.call("GET", "/v1/pets/987654321").header("X-Request-Id", "missing").send();
            api.call("GET", "/v1/pets").anonymous().header("X-Request-Id", "keyless").send();
            RawHttp.send(server.getURI(), "BREW /v1/pets HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: refused\r\n\r\n");

            List<String> ids = logs.from(ACCESS).stream().map(event -> LogCapture.fields(event).get("requestId")).toList();
            assertThat(ids).containsExactlyInAnyOrder(listed.isEmpty() ? new String[0] : listed.split(","));
        }
    }
}
