package org.animalstore.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micronaut.context.ApplicationContext;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.port.out.AddPetOnceContract;
import org.animalstore.domain.port.out.AddPetOncePort;
import org.animalstore.domain.port.out.ForgetExpiredIdempotencyKeysPort;
import org.animalstore.domain.port.out.LoadPetsPort;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The add-once contract on a real database with the schema Flyway builds, and what only a real database
 * shows: a second instance with a pool of its own, an addition held up inside the database, the schema's
 * guards. Each database's subclass names its environment and how to hold up pet inserts.
 */
public abstract class SqlAddPetOnceTest extends AddPetOnceContract {

    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    private static OtherInstance otherInstance;

    @Inject
    protected ApplicationContext context;

    @Inject
    protected AddPetOncePort adapter;

    @Inject
    protected DataSource dataSource;

    /**
     * How this database holds up other sessions' pet inserts, as a very slow database would: the statement
     * that takes the lock (in a transaction), one that counts the sessions waiting for it, one that releases it.
     */
    public record PetInsertLock(String take, String countWaiting, String release) {
    }

    protected abstract PetInsertLock petInsertLock();

    @Override
    protected AddPetOncePort storage() {
        return adapter;
    }

    @Override
    protected ForgetExpiredIdempotencyKeysPort keyExpiry() {
        return context.getBean(ForgetExpiredIdempotencyKeysPort.class);
    }

    @Override
    protected LoadPetsPort pets() {
        return context.getBean(LoadPetsPort.class);
    }

    @Override
    protected void emptyTheStore() {
        new TestSql(dataSource).execute("DELETE FROM idempotency_key", "DELETE FROM pet");
    }

    @Override
    protected AddPetOncePort otherInstance() {
        synchronized (SqlAddPetOnceTest.class) {
            if (otherInstance == null) {
                otherInstance = OtherInstance.on(context.getEnvironment().getActiveNames().toArray(String[]::new));
            }
            return otherInstance.bean(AddPetOncePort.class);
        }
    }

    @AfterAll
    static void stopOtherInstance() {
        synchronized (SqlAddPetOnceTest.class) {
            if (otherInstance != null) {
                otherInstance.close();
                otherInstance = null;
            }
        }
    }

    @Test
    void a_second_addition_while_the_first_is_still_running_is_in_progress_at_once() throws Exception {
        IdempotencyKey key = new IdempotencyKey("key-1", "in-flight");
        try (PetInsertHold slowDatabase = new PetInsertHold(new TestSql(dataSource).connect(), petInsertLock())) {
            // given a first addition stuck inserting its pet, as on a slow database
            CompletableFuture<IdempotentAddition> first = CompletableFuture.supplyAsync(
                    () -> adapter.addPetOnce(key, pet(), NOW, NOW.plusSeconds(60)), Executors.newVirtualThreadPerTaskExecutor());
            slowDatabase.awaitAWaitingInsert();

            // when a retry with the same key arrives, on this instance or another
            IdempotentAddition second = adapter.addPetOnce(key, pet(), NOW, NOW.plusSeconds(60));
            IdempotentAddition third = otherInstance().addPetOnce(key, pet(), NOW, NOW.plusSeconds(60));

            // then each is told at once that the first is in progress; the first then completes normally
            assertThat(second).isEqualTo(new IdempotentAddition.InProgress());
            assertThat(third).isEqualTo(new IdempotentAddition.InProgress());
            slowDatabase.close();
            IdempotentAddition added = first.get(10, TimeUnit.SECONDS);
            assertThat(added).isInstanceOf(IdempotentAddition.Added.class);
            assertThat(adapter.addPetOnce(key, pet(), NOW, NOW.plusSeconds(60)))
                    .isEqualTo(new IdempotentAddition.Replayed(((IdempotentAddition.Added) added).pet()));
        }
    }

    @Test
    void database_refuses_a_key_record_without_its_pet() {
        assertThatThrownBy(() -> insertKeyRecord("k", "424242")).hasMessageContaining("idempotency_key_pet_fk");
    }

    @Test
    void database_refuses_a_key_outside_1_to_255_visible_ascii_characters() {
        new TestSql(dataSource).execute("INSERT INTO pet (name, category_id) VALUES ('Rex', 1)");
        for (String value : new String[] {"", "a b", "x".repeat(256)}) {
            // MariaDB refuses the 256 characters before its CHECK constraint sees them.
            assertThatThrownBy(() -> insertKeyRecord(value, "(SELECT max(id) FROM pet)")).as("key '%s'", value)
                    .hasMessageMatching("(?s).*(idempotency_key_value_format|Data too long).*");
        }
    }

    /** A pet insert lock held on a connection of its own, until closed. */
    private static final class PetInsertHold implements AutoCloseable {

        private final Connection connection;
        private final PetInsertLock lock;

        PetInsertHold(Connection connection, PetInsertLock lock) throws SQLException {
            this.connection = connection;
            this.lock = lock;
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                statement.execute(lock.take());
            }
        }

        void awaitAWaitingInsert() throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < deadline) {
                try (Statement statement = connection.createStatement(); ResultSet waiting = statement.executeQuery(lock.countWaiting())) {
                    waiting.next();
                    if (waiting.getLong(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(10);
            }
            throw new AssertionError("no addition reached the pet insert");
        }

        @Override
        public void close() throws SQLException {
            if (!connection.isClosed()) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute(lock.release());
                }
                connection.close();
            }
        }
    }

    private void insertKeyRecord(String value, String petId) throws SQLException {
        try (Connection connection = new TestSql(dataSource).connect(); PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO idempotency_key (client, key_value, fingerprint, pet_id, created_at, expires_at) "
                        + "VALUES ('key-1', ?, ?, " + petId + ", CURRENT_TIMESTAMP, CURRENT_TIMESTAMP + INTERVAL '1' DAY)")) {
            insert.setString(1, value);
            insert.setBytes(2, new byte[32]);
            insert.executeUpdate();
        }
    }

    private static NewPet pet() {
        return new NewPet(new PetName("Rex"), new CategoryId(1), Optional.empty());
    }
}
