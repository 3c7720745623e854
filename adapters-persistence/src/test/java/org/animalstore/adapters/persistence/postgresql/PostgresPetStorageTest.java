package org.animalstore.adapters.persistence.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.animalstore.adapters.persistence.SqlPetStorageTest;
import org.animalstore.adapters.persistence.TestSql;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetName;
import org.junit.jupiter.api.Test;

/** The storage contract on a real PostgreSQL server, and creates sharing transactions (group commit). */
@MicronautTest(transactional = false)
class PostgresPetStorageTest extends SqlPetStorageTest {

    @Test
    void creates_that_wait_for_a_create_in_progress_share_the_next_transaction() throws Exception {
        TestSql sql = new TestSql(dataSource);
        List<Thread> threads = new ArrayList<>();
        List<CompletableFuture<Pet>> creates = new ArrayList<>();
        try (Connection lock = sql.connect(); Statement statement = lock.createStatement()) {
            // given a first create stuck in its insert, behind a lock on the table
            lock.setAutoCommit(false);
            statement.execute("LOCK TABLE pet IN EXCLUSIVE MODE");
            for (int i = 0; i < 6; i++) {
                CompletableFuture<Pet> create = new CompletableFuture<>();
                NewPet pet = new NewPet(new PetName("Pet " + i), new CategoryId(i + 1), Optional.empty());
                threads.add(Thread.ofPlatform().start(() -> create.complete(adapter.addPet(pet))));
                creates.add(create);
            }
            // when five more wait for it, then it goes through
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (threads.stream().filter(thread -> thread.getState() == Thread.State.WAITING).count() < 5 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            lock.rollback();
        }

        // then each got its own pet, and the five shared one transaction
        for (int i = 0; i < creates.size(); i++) {
            assertThat(creates.get(i).get(10, TimeUnit.SECONDS).name().value()).isEqualTo("Pet " + i);
        }
        try (Connection connection = sql.connect(); Statement statement = connection.createStatement();
             ResultSet transactions = statement.executeQuery("SELECT count(DISTINCT xmin::text) FROM pet")) {
            transactions.next();
            assertThat(transactions.getInt(1)).isEqualTo(2);
        }
    }
}
