package org.animalstore.adapters.persistence.postgresql;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.animalstore.adapters.persistence.SqlPetStorageTest;

/** The storage contract on a real PostgreSQL server. */
@MicronautTest(transactional = false)
class PostgresPetStorageTest extends SqlPetStorageTest {
}
