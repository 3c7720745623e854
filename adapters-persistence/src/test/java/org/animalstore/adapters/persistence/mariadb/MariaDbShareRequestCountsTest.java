package org.animalstore.adapters.persistence.mariadb;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.animalstore.adapters.persistence.SqlShareRequestCountsTest;

/** The request-count contract on a real MariaDB server. */
@MicronautTest(environments = "mariadb", transactional = false)
class MariaDbShareRequestCountsTest extends SqlShareRequestCountsTest {
}
