package org.animalstore.adapters.persistence.postgresql;

import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.animalstore.adapters.persistence.DatabaseProfile;
import org.animalstore.adapters.persistence.KeyRecords;
import org.animalstore.adapters.persistence.PetPersistenceAdapter;
import org.animalstore.adapters.persistence.Statements;
import org.animalstore.adapters.persistence.StorageFailures;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.port.out.ForgetExpiredIdempotencyKeysPort;

/** Adds pets once per key on PostgreSQL, under a transaction-scoped advisory lock taken without waiting. */
@Singleton
@Requires(property = DatabaseProfile.URL_PROPERTY, pattern = PostgresIdempotentAdditionAdapter.URL_PATTERN)
class PostgresIdempotentAdditionAdapter extends KeyRecords implements ForgetExpiredIdempotencyKeysPort {

    static final String URL_PATTERN = "jdbc:postgresql:.*";

    private final TransactionOperations<Connection> transactions;

    PostgresIdempotentAdditionAdapter(TransactionOperations<Connection> transactions, PetPersistenceAdapter pets) {
        super(pets, false, sql -> "23505".equals(sql.getSQLState())); // unique_violation
        this.transactions = transactions;
    }

    @Override
    protected IdempotentAddition underLock(IdempotencyKey key, Function<Connection, IdempotentAddition> addition) {
        // Two 32-bit halves of a SHA-256 of the key: this lock space is apart from single-bigint locks (Flyway's).
        ByteBuffer digest = ByteBuffer.wrap(lockDigest(key));
        return transactions.executeWrite(status -> {
            Connection connection = status.getConnection();
            boolean locked = Statements.query(connection, "SELECT pg_try_advisory_xact_lock(?, ?)", row -> row.getBoolean(1), digest.getInt(0), digest.getInt(4)).getFirst();
            return locked ? addition.apply(connection) : new IdempotentAddition.InProgress();
        });
    }

    @Override
    public int forgetExpiredKeys(Instant now, int max) {
        // SKIP LOCKED: instances forgetting at once take disjoint rows and never wait on each other.
        return StorageFailures.translated(() -> transactions.executeWrite(status -> Statements.update(status.getConnection(), """
                DELETE FROM idempotency_key WHERE (client, key_value) IN (
                    SELECT client, key_value FROM idempotency_key WHERE expires_at <= ?
                    ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED)""", timestamp(now), max)));
    }

    /** PostgreSQL's profile: pgjdbc counts timeouts in seconds, and reads may go to a replica (PostgresReplica). */
    @Factory
    @Requires(property = DatabaseProfile.URL_PROPERTY, pattern = URL_PATTERN)
    static final class Profile {
        @Singleton
        DatabaseProfile postgresql() {
            return new DatabaseProfile("postgresql", TimeUnit.SECONDS, true, Map.of("ApplicationName", "animal-store"));
        }
    }
}
