package org.animalstore.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micronaut.context.ApplicationContext;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** PETSTORE_DATABASE_SOCKET_TIMEOUT counts seconds on every database, whatever unit its driver uses. */
class DriverSettingsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            jdbc:postgresql://127.0.0.1:5432/test | postgres | SELECT pg_sleep(0.3) | SELECT pg_sleep(3)
            jdbc:mariadb://127.0.0.1:3306/test    | root     | SELECT SLEEP(0.3)    | SELECT SLEEP(3)""")
    void a_statement_fails_once_it_goes_one_socket_timeout_without_an_answer(String url, String user, String brief, String tooLong) {
        try (ApplicationContext service = ApplicationContext.run(Map.of(
                "datasources.default.url", url,
                "datasources.default.username", user,
                "petstore.database.socket-timeout", 1,
                "flyway.datasources.default.enabled", false), "test")) {
            TestSql sql = new TestSql(service.getBean(DataSource.class));

            assertThatCode(() -> sql.execute(brief)).as("a statement answered within the timeout").doesNotThrowAnyException();
            assertThatThrownBy(() -> sql.execute(tooLong)).as("a statement answered after it").isInstanceOf(IllegalStateException.class);
        }
    }
}
