package org.animalstore.adapters.persistence.postgresql;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.animalstore.adapters.persistence.SqlUpToDateSchemaTest;

/** When a start may leave Flyway out, on a real PostgreSQL server. */
@MicronautTest(transactional = false)
class PostgresUpToDateSchemaTest extends SqlUpToDateSchemaTest {
}
