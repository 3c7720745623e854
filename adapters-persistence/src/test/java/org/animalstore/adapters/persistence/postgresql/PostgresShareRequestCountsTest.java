package org.animalstore.adapters.persistence.postgresql;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.animalstore.adapters.persistence.SqlShareRequestCountsTest;

/** The request-count contract on a real PostgreSQL server. */
@MicronautTest(transactional = false)
class PostgresShareRequestCountsTest extends SqlShareRequestCountsTest {
}
