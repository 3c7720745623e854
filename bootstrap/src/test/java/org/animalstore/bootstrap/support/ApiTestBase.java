package org.animalstore.bootstrap.support;

import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;

/** The running service on a random port, over real PostgreSQL (or MariaDB: the api-on-mariadb execution), with an empty catalogue before each test. */
public abstract class ApiTestBase {

    @Inject
    protected EmbeddedServer server;

    @Inject
    protected JsonMapper jsonMapper;

    @Inject
    protected ApplicationContext context;

    protected ApiClient api;
    protected TestCatalogue catalogue;

    @BeforeEach
    protected void emptyCatalogue() throws Exception {
        api = new ApiClient(server.getURI(), jsonMapper);
        catalogue = new TestCatalogue(context);
        catalogue.empty();
    }
}
