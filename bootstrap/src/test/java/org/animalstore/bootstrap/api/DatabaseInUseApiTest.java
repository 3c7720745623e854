package org.animalstore.bootstrap.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.sql.Connection;
import javax.sql.DataSource;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.animalstore.domain.port.out.AddPetOncePort;
import org.junit.jupiter.api.Test;

/**
 * Each pass of the end-to-end tests reaches the database it is run for, told by the build apart from the URL
 * ({@code animalstore.expected-database}: MariaDB in the surefire execution {@code api-on-mariadb}, PostgreSQL
 * otherwise): a pass that silently fell back on the other database fails here instead of proving nothing.
 */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class DatabaseInUseApiTest extends ApiTestBase {

    private static final String EXPECTED = System.getProperty("animalstore.expected-database", "PostgreSQL");

    @Test
    void the_service_stores_in_the_database_this_pass_is_run_for() throws Exception {
        try (Connection connection = DelegatingDataSource.unwrapDataSource(context.getBean(DataSource.class)).getConnection()) {
            assertThat(connection.getMetaData().getDatabaseProductName()).isEqualTo(EXPECTED);
        }
    }

    @Test
    void the_adapter_of_that_database_serves() {
        String adapter = context.getBean(AddPetOncePort.class).getClass().getName();

        assertThat(adapter).contains(EXPECTED.equals("MariaDB") ? ".persistence.mariadb." : ".persistence.postgresql.");
    }
}
