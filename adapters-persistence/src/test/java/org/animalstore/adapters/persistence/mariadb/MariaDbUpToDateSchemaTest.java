package org.animalstore.adapters.persistence.mariadb;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.animalstore.adapters.persistence.SqlUpToDateSchemaTest;

/** When a start may leave Flyway out, on a real MariaDB server. */
@MicronautTest(environments = "mariadb", transactional = false)
class MariaDbUpToDateSchemaTest extends SqlUpToDateSchemaTest {
}
