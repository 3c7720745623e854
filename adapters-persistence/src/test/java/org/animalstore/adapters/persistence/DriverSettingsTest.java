package org.animalstore.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micronaut.context.ApplicationContext;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The JDBC URL selects the driver's settings: timeouts in its own unit, or a refusal to start. */
class DriverSettingsTest {

    @Test
    void refuses_to_start_on_a_url_no_adapter_serves_without_showing_the_url() {
        // A driver on the classpath would take it (MariaDB's takes jdbc:mysql: when told to), but no adapter does.
        assertThatThrownBy(() -> ApplicationContext.run(Map.of(
                "datasources.default.url", "jdbc:mysql://db.internal:3306/shop?permitMysqlScheme&password=secret",
                "datasources.default.driver-class-name", "org.mariadb.jdbc.Driver",
                "flyway.datasources.default.enabled", false), "test").close())
                .hasStackTraceContaining("No persistence adapter serves the JDBC URL jdbc:mysql:...")
                .satisfies(failure -> assertThat(stackTrace(failure)).doesNotContain("db.internal", "secret"));
    }

    @Test
    void refuses_a_read_replica_beside_a_database_whose_adapter_reads_from_none() {
        assertThatThrownBy(() -> ApplicationContext.run(Map.of(
                "datasources.default.url", "jdbc:mariadb://127.0.0.1:3306/test",
                "datasources.default.username", "root",
                "datasources.replica.url", "jdbc:mariadb://127.0.0.1:3306/test",
                "datasources.replica.username", "root",
                "flyway.datasources.default.enabled", false), "test").close())
                .hasStackTraceContaining("read replicas are served on PostgreSQL only");
    }

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

    private static String stackTrace(Throwable failure) {
        StringWriter trace = new StringWriter();
        failure.printStackTrace(new PrintWriter(trace));
        return trace.toString();
    }
}
