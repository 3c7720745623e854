package org.animalstore.adapters.persistence.postgresql;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.animalstore.adapters.persistence.SqlAddPetOnceTest;

/** The add-once contract on a real PostgreSQL server. */
@MicronautTest(transactional = false)
class PostgresAddPetOnceTest extends SqlAddPetOnceTest {

    @Override
    protected PetInsertLock petInsertLock() {
        return new PetInsertLock("LOCK TABLE pet IN EXCLUSIVE MODE",
                "SELECT count(*) FROM pg_locks WHERE relation = 'pet'::regclass AND NOT granted", "ROLLBACK");
    }
}
