package org.animalstore.adapters.persistence.mariadb;

import io.micronaut.context.annotation.Requires;
import io.micronaut.data.connection.ConnectionOperations;
import io.micronaut.transaction.TransactionDefinition;
import io.micronaut.transaction.TransactionOperations;
import io.micronaut.transaction.support.DefaultTransactionDefinition;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.animalstore.adapters.persistence.DatabaseProfile;
import org.animalstore.adapters.persistence.KeyRecords;
import org.animalstore.adapters.persistence.PetFingerprint;
import org.animalstore.adapters.persistence.PetTable;
import org.animalstore.adapters.persistence.Statements;
import org.animalstore.adapters.persistence.StorageFailures;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.port.out.AddPetOncePort;
import org.animalstore.domain.port.out.ForgetExpiredIdempotencyKeysPort;

/**
 * Adds pets at most once per idempotency key on MariaDB. A named lock on the key, taken without waiting
 * ({@code GET_LOCK(name, 0)}; taken elsewhere: another request with this key is in flight on some
 * instance), guards one READ COMMITTED transaction that reads the key's record and inserts the pet and
 * the record together; the lock is released after the commit. The primary key on (client, key_value)
 * is the last word should anything bypass the lock.
 */
@Singleton
@Requires(property = DatabaseProfile.URL_PROPERTY, pattern = MariaDbProfile.URL_PATTERN)
class MariaDbIdempotentAdditionAdapter implements AddPetOncePort, ForgetExpiredIdempotencyKeysPort {

    /** ER_DUP_ENTRY. */
    private static final int DUPLICATE_KEY = 1062;
    /**
     * Lock names are server-wide and at most 64 characters: the SHA-256, in hex, of the database's name and
     * the key's own hash (ASCII, so it mixes with DATABASE()'s utf8mb3 whatever characters the key holds).
     */
    static final String LOCK_NAME = "SHA2(CONCAT(DATABASE(), ':', ?), 256)";

    private final ConnectionOperations<Connection> connections;
    private final TransactionOperations<Connection> transactions;
    private final KeyRecords records = new KeyRecords(true);
    private final PetTable pets;
    /** No gap locks (REPEATABLE READ's): the cleanup's locking range scan never holds up additions, nor they it. */
    private final TransactionDefinition readCommitted;

    MariaDbIdempotentAdditionAdapter(ConnectionOperations<Connection> connections, TransactionOperations<Connection> transactions, PetTable pets) {
        this.connections = connections;
        this.transactions = transactions;
        this.pets = pets;
        DefaultTransactionDefinition definition = new DefaultTransactionDefinition();
        definition.setIsolationLevel(TransactionDefinition.Isolation.READ_COMMITTED);
        this.readCommitted = definition;
    }

    @Override
    public IdempotentAddition addPetOnce(IdempotencyKey key, NewPet newPet, Instant now, Instant expiresAt) {
        byte[] fingerprint = PetFingerprint.of(newPet);
        try {
            return StorageFailures.translated(() -> connections.executeWrite(status -> underLock(status.getConnection(), key,
                    () -> transactions.execute(readCommitted, transaction -> addPetOnce(transaction.getConnection(), key, newPet, fingerprint, now, expiresAt)))));
        } catch (RuntimeException e) {
            if (StorageFailures.causedBy(e, sql -> sql.getErrorCode() == DUPLICATE_KEY)) {
                return new IdempotentAddition.InProgress();
            }
            throw e;
        }
    }

    @Override
    public int forgetExpiredKeys(Instant now, int max) {
        return StorageFailures.translated(() -> transactions.execute(readCommitted, status -> forgetExpired(status.getConnection(), now, max)));
    }

    /**
     * Locks up to {@code max} expired records, skipping those another transaction holds (another instance
     * forgetting, or an addition reusing an expired key), and deletes them by primary key.
     */
    private int forgetExpired(Connection connection, Instant now, int max) {
        List<IdempotencyKey> expired = Statements.run(connection, "SELECT client, key_value FROM idempotency_key WHERE expires_at <= ? "
                + "ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED", statement -> {
            statement.setObject(1, records.timestamp(now));
            statement.setInt(2, max);
            List<IdempotencyKey> keys = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    keys.add(new IdempotencyKey(rows.getString(1), rows.getString(2)));
                }
            }
            return keys;
        });
        if (expired.isEmpty()) {
            return 0;
        }
        return Statements.run(connection, "DELETE FROM idempotency_key WHERE client = ? AND key_value = ?", statement -> {
            for (IdempotencyKey key : expired) {
                KeyRecords.bindKey(statement, key);
                statement.addBatch();
            }
            int forgotten = 0;
            for (int count : statement.executeBatch()) {
                // A bulk batch may not count per row; each of these rows is locked by this transaction, so it went.
                forgotten += count == Statement.SUCCESS_NO_INFO ? 1 : count;
            }
            return forgotten;
        });
    }

    private IdempotentAddition addPetOnce(Connection connection, IdempotencyKey key, NewPet newPet, byte[] fingerprint, Instant now, Instant expiresAt) {
        Optional<KeyRecords.KeyRecord> existing = records.find(connection, key);
        if (existing.isPresent() && existing.get().expiresAt().isAfter(now)) {
            KeyRecords.KeyRecord record = existing.get();
            return Arrays.equals(record.fingerprint(), fingerprint)
                    ? new IdempotentAddition.Replayed(pets.find(record.petId()).orElseThrow())
                    : new IdempotentAddition.KeyReused();
        }
        existing.ifPresent(expired -> records.delete(connection, key));
        Pet pet = pets.insert(newPet);
        records.insert(connection, key, fingerprint, pet.id(), now, expiresAt);
        return new IdempotentAddition.Added(pet);
    }

    /** Runs {@code work} holding the key's named lock, which lives as long as the session: released in all cases. */
    private static IdempotentAddition underLock(Connection connection, IdempotencyKey key, Supplier<IdempotentAddition> work) {
        String scoped = lockKey(key);
        if (!lockStatement(connection, "SELECT GET_LOCK(" + LOCK_NAME + ", 0)", scoped)) {
            return new IdempotentAddition.InProgress();
        }
        try {
            return work.get();
        } finally {
            lockStatement(connection, "SELECT RELEASE_LOCK(" + LOCK_NAME + ")", scoped);
        }
    }

    /** The client's length first, so no two (client, value) pairs run together into one string. */
    static String lockKey(IdempotencyKey key) {
        String scoped = key.client().length() + ":" + key.client() + key.value();
        return HexFormat.of().formatHex(PetFingerprint.sha256(scoped.getBytes(StandardCharsets.UTF_8)));
    }

    private static boolean lockStatement(Connection connection, String sql, String scopedKey) {
        return Statements.run(connection, sql, statement -> {
            statement.setString(1, scopedKey);
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getInt(1) == 1;
            }
        });
    }
}
