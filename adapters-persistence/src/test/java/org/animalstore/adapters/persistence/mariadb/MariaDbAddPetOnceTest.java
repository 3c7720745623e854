package org.animalstore.adapters.persistence.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.Optional;
import org.animalstore.adapters.persistence.SqlAddPetOnceTest;
import org.animalstore.adapters.persistence.TestSql;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.PetName;
import org.junit.jupiter.api.Test;

/** The add-once contract on a real MariaDB server, and the release of its session-scoped key locks. */
@MicronautTest(environments = "mariadb", transactional = false)
class MariaDbAddPetOnceTest extends SqlAddPetOnceTest {

    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

    @Override
    protected PetInsertLock petInsertLock() {
        return new PetInsertLock("LOCK TABLES pet WRITE",
                "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE STATE LIKE 'Waiting for table%' AND DB = DATABASE()", "UNLOCK TABLES");
    }

    @Test
    void an_addition_that_fails_frees_its_key_for_every_session() throws Exception {
        IdempotencyKey key = new IdempotencyKey("key-1", "fails-once");
        NewPet rex = new NewPet(new PetName("Rex"), new CategoryId(1), Optional.empty());
        // given an addition that fails after taking the key's lock (its pet table is gone)
        new TestSql(dataSource).execute("RENAME TABLE pet TO pet_away");
        try {
            assertThatThrownBy(() -> adapter.addPetOnce(key, rex, NOW, NOW.plusSeconds(60))).isInstanceOf(RuntimeException.class);
        } finally {
            new TestSql(dataSource).execute("RENAME TABLE pet_away TO pet");
        }

        // then no session holds the key's lock any more, and the key adds its pet
        try (Connection other = new TestSql(dataSource).connect();
             PreparedStatement isFree = other.prepareStatement("SELECT IS_FREE_LOCK(" + MariaDbIdempotentAdditionAdapter.LOCK_NAME + ")")) {
            isFree.setString(1, MariaDbIdempotentAdditionAdapter.lockKey(key));
            try (ResultSet rows = isFree.executeQuery()) {
                rows.next();
                assertThat(rows.getInt(1)).isEqualTo(1);
            }
        }
        assertThat(adapter.addPetOnce(key, rex, NOW, NOW.plusSeconds(60))).isInstanceOf(IdempotentAddition.Added.class);
    }
}
