package org.animalstore.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.sql.Connection;
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
import org.junit.jupiter.api.Test;

/** The add-once contract on a real PostgreSQL server, with the schema Flyway builds. */
@MicronautTest(transactional = false)
class PostgresAddPetOnceTest extends AddPetOnceContract {

    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

    @Inject
    IdempotentAdditionAdapter adapter;

    @Inject
    PetPersistenceAdapter petAdapter;

    @Inject
    DataSource dataSource;

    @Override
    protected AddPetOncePort storage() {
        return adapter;
    }

    @Override
    protected ForgetExpiredIdempotencyKeysPort keyExpiry() {
        return adapter;
    }

    @Override
    protected LoadPetsPort pets() {
        return petAdapter;
    }

    @Override
    protected void emptyTheStore() {
        execute("TRUNCATE pet, idempotency_key");
    }

    @Test
    void a_second_addition_while_the_first_is_still_running_is_in_progress_at_once() throws Exception {
        IdempotencyKey key = new IdempotencyKey("key-1", "in-flight");
        try (Connection slowDatabase = rawConnection()) {
            // given a first addition stuck inserting its pet, as on a slow database
            slowDatabase.setAutoCommit(false);
            slowDatabase.createStatement().execute("LOCK TABLE pet IN EXCLUSIVE MODE");
            CompletableFuture<IdempotentAddition> first = CompletableFuture.supplyAsync(
                    () -> adapter.addPetOnce(key, pet("Rex"), NOW, NOW.plusSeconds(60)), Executors.newVirtualThreadPerTaskExecutor());
            awaitInsertBlocked(slowDatabase);

            // when a retry with the same key arrives
            IdempotentAddition second = adapter.addPetOnce(key, pet("Rex"), NOW, NOW.plusSeconds(60));

            // then it is told at once that the first is in progress; the first then completes normally
            assertThat(second).isEqualTo(new IdempotentAddition.InProgress());
            slowDatabase.commit();
            IdempotentAddition added = first.get(10, TimeUnit.SECONDS);
            assertThat(added).isInstanceOf(IdempotentAddition.Added.class);
            assertThat(adapter.addPetOnce(key, pet("Rex"), NOW, NOW.plusSeconds(60)))
                    .isEqualTo(new IdempotentAddition.Replayed(((IdempotentAddition.Added) added).pet()));
        }
    }

    @Test
    void database_refuses_a_key_record_without_its_pet() {
        assertThatThrownBy(() -> execute("""
                INSERT INTO idempotency_key (client, key_value, fingerprint, pet_id, created_at, expires_at)
                VALUES ('key-1', 'k', sha256('x'), 424242, now(), now() + interval '1 day')"""))
                .hasMessageContaining("idempotency_key_pet_fk");
    }

    @Test
    void database_refuses_a_key_outside_1_to_255_visible_ascii_characters() {
        execute("INSERT INTO pet (name, category_id) VALUES ('Rex', 1)");
        for (String value : new String[] {"", "a b", "x".repeat(256)}) {
            assertThatThrownBy(() -> execute("INSERT INTO idempotency_key (client, key_value, fingerprint, pet_id, created_at, expires_at) "
                    + "SELECT 'key-1', '" + value + "', sha256('x'), id, now(), now() + interval '1 day' FROM pet"))
                    .hasMessageContaining("idempotency_key_value_format");
        }
    }

    /** Waits until some transaction waits for a lock on this schema's pet table. */
    private static void awaitInsertBlocked(Connection connection) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            try (Statement statement = connection.createStatement();
                 ResultSet waiting = statement.executeQuery("SELECT count(*) FROM pg_locks WHERE relation = 'pet'::regclass AND NOT granted")) {
                waiting.next();
                if (waiting.getLong(1) > 0) {
                    return;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("the first addition never reached the pet insert");
    }

    private static NewPet pet(String name) {
        return new NewPet(new PetName(name), new CategoryId(1), Optional.empty());
    }

    private Connection rawConnection() throws SQLException {
        return DelegatingDataSource.unwrapDataSource(dataSource).getConnection();
    }

    private void execute(String sql) {
        // The injected DataSource only lends the connection of a surrounding transaction: unwrap it.
        try (Connection connection = rawConnection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
