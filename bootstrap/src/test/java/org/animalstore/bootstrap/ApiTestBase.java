package org.animalstore.bootstrap;

import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Inject;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;

/** The running service on a random port, over real PostgreSQL, with an empty catalogue before each test. */
abstract class ApiTestBase {

    @Inject
    EmbeddedServer server;

    @Inject
    JsonMapper jsonMapper;

    @Inject
    DataSource dataSource;

    ApiClient api;
    TestCatalogue catalogue;

    @BeforeEach
    void emptyCatalogue() throws Exception {
        api = new ApiClient(server.getURI(), jsonMapper);
        catalogue = new TestCatalogue(dataSource);
        catalogue.empty();
    }
}
