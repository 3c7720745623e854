package org.animalstore.adapters.persistence.postgresql;

import io.micronaut.context.annotation.Requires;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import org.animalstore.adapters.persistence.DatabaseProfile;
import org.animalstore.adapters.persistence.KeyRecords;
import org.animalstore.adapters.persistence.KeyRecords.KeyRecord;
import org.animalstore.adapters.persistence.PetFingerprint;
import org.animalstore.adapters.persistence.PetTable;
import org.animalstore.adapters.persistence.ReadReplica;
import org.animalstore.adapters.persistence.Statements;
import org.animalstore.adapters.persistence.StorageFailures;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.port.out.AddPetOncePort;
import org.animalstore.domain.port.out.ForgetExpiredIdempotencyKeysPort;

/**
 * Adds pets at most once per idempotency key on PostgreSQL. One transaction takes a transaction-scoped
 * advisory lock on the key without waiting (taken: another request with this key is in flight), reads
 * the key's record, and inserts the pet and the record together. The primary key on (client, key_value)
 * is the last word should anything bypass the lock.
 */
@Singleton
@Requires(property = DatabaseProfile.URL_PROPERTY, pattern = PostgresProfile.URL_PATTERN)
class PostgresIdempotentAdditionAdapter implements AddPetOncePort, ForgetExpiredIdempotencyKeysPort {

    private static final String UNIQUE_VIOLATION = "23505";

    private final TransactionOperations<Connection> transactions;
    private final PetTable pets;
    private final Optional<ReadReplica> replica;
    private final KeyRecords records = new KeyRecords(false);

    PostgresIdempotentAdditionAdapter(TransactionOperations<Connection> transactions, PetTable pets, Optional<ReadReplica> replica) {
        this.transactions = transactions;
        this.pets = pets;
        this.replica = replica;
    }

    @Override
    public IdempotentAddition addPetOnce(IdempotencyKey key, NewPet newPet, Instant now, Instant expiresAt) {
        byte[] fingerprint = PetFingerprint.of(newPet);
        try {
            IdempotentAddition addition = StorageFailures.translated(() -> transactions.executeWrite(status -> addPetOnce(status.getConnection(), key, newPet, fingerprint, now, expiresAt)));
            if (addition instanceof IdempotentAddition.Added) {
                replica.ifPresent(ReadReplica::awaitReplay);
            }
            return addition;
        } catch (RuntimeException e) {
            if (StorageFailures.causedBy(e, sql -> UNIQUE_VIOLATION.equals(sql.getSQLState()))) {
                return new IdempotentAddition.InProgress();
            }
            throw e;
        }
    }

    @Override
    public int forgetExpiredKeys(Instant now, int max) {
        // SKIP LOCKED: several instances forgetting at once take disjoint rows and never wait on each other.
        return StorageFailures.translated(() -> transactions.executeWrite(status -> Statements.run(status.getConnection(), """
                DELETE FROM idempotency_key WHERE (client, key_value) IN (
                    SELECT client, key_value FROM idempotency_key WHERE expires_at <= ?
                    ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED)""", statement -> {
            statement.setObject(1, records.timestamp(now));
            statement.setInt(2, max);
            return statement.executeUpdate();
        })));
    }

    private IdempotentAddition addPetOnce(Connection connection, IdempotencyKey key, NewPet newPet, byte[] fingerprint, Instant now, Instant expiresAt) {
        if (!tryLock(connection, key)) {
            return new IdempotentAddition.InProgress();
        }
        Optional<KeyRecord> existing = records.find(connection, key);
        if (existing.isPresent() && existing.get().expiresAt().isAfter(now)) {
            KeyRecord record = existing.get();
            return Arrays.equals(record.fingerprint(), fingerprint)
                    ? new IdempotentAddition.Replayed(pets.find(record.petId()).orElseThrow())
                    : new IdempotentAddition.KeyReused();
        }
        existing.ifPresent(expired -> records.delete(connection, key));
        Pet pet = pets.insert(newPet);
        records.insert(connection, key, fingerprint, pet.id(), now, expiresAt);
        return new IdempotentAddition.Added(pet);
    }

    /** Locks (client, key) until the transaction ends; false at once when another transaction holds it. */
    private boolean tryLock(Connection connection, IdempotencyKey key) {
        // Two 32-bit halves of a SHA-256 of the scoped key: this lock space is apart from single-bigint locks (Flyway's).
        byte[] scoped = (key.client().length() + ":" + key.client() + key.value()).getBytes(StandardCharsets.UTF_8);
        ByteBuffer digest = ByteBuffer.wrap(PetFingerprint.sha256(scoped));
        return Statements.run(connection, "SELECT pg_try_advisory_xact_lock(?, ?)", statement -> {
            statement.setInt(1, digest.getInt(0));
            statement.setInt(2, digest.getInt(4));
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getBoolean(1);
            }
        });
    }
}
