package org.animalstore.adapters.persistence;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.port.out.AddPetOncePort;

/**
 * Adds pets at most once per idempotency key: under the key's lock (each database's adapter takes its own), reads the
 * key's record and inserts the pet and the record together. Anything bypassing the lock meets the primary key: InProgress.
 */
public abstract class KeyRecords implements AddPetOncePort {

    private record KeyRecord(byte[] fingerprint, long petId, Instant expiresAt) {
    }

    private final PetPersistenceAdapter pets;
    private final boolean utcDateTime;
    private final Predicate<SQLException> duplicateKey;

    /** @param utcDateTime whether the instants are DATETIME(6) holding UTC (MariaDB) rather than timestamptz */
    protected KeyRecords(PetPersistenceAdapter pets, boolean utcDateTime, Predicate<SQLException> duplicateKey) {
        this.pets = pets;
        this.utcDateTime = utcDateTime;
        this.duplicateKey = duplicateKey;
    }

    /** Runs {@code addition} in a transaction holding the key's lock; InProgress at once when another holds it. */
    protected abstract IdempotentAddition underLock(IdempotencyKey key, Function<Connection, IdempotentAddition> addition);

    @Override
    public IdempotentAddition addPetOnce(IdempotencyKey key, NewPet newPet, Instant now, Instant expiresAt) {
        byte[] fingerprint = fingerprint(newPet);
        try {
            IdempotentAddition addition = StorageFailures.translated(() -> underLock(key, connection -> add(connection, key, newPet, fingerprint, now, expiresAt)));
            if (addition instanceof IdempotentAddition.Added) {
                pets.awaitReplica();
            }
            return addition;
        } catch (RuntimeException e) {
            if (StorageFailures.causedBy(e, cause -> cause instanceof SQLException sql && duplicateKey.test(sql))) {
                return new IdempotentAddition.InProgress();
            }
            throw e;
        }
    }

    private IdempotentAddition add(Connection connection, IdempotencyKey key, NewPet newPet, byte[] fingerprint, Instant now, Instant expiresAt) {
        // At most one record (the primary key): a live one answers, an expired one makes way.
        for (KeyRecord record : Statements.query(connection, "SELECT fingerprint, pet_id, expires_at FROM idempotency_key WHERE client = ? AND key_value = ?",
                row -> new KeyRecord(row.getBytes(1), row.getLong(2), instant(row, 3)), key.client(), key.value())) {
            if (record.expiresAt().isAfter(now)) {
                return Arrays.equals(record.fingerprint(), fingerprint)
                        ? new IdempotentAddition.Replayed(pets.find(connection, record.petId()).orElseThrow())
                        : new IdempotentAddition.KeyReused();
            }
            Statements.update(connection, "DELETE FROM idempotency_key WHERE client = ? AND key_value = ?", key.client(), key.value());
        }
        Pet pet = pets.insert(connection, List.of(newPet)).getFirst();
        Statements.update(connection, "INSERT INTO idempotency_key (client, key_value, fingerprint, pet_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
                key.client(), key.value(), fingerprint, pet.id().value(), timestamp(now), timestamp(expiresAt));
        return new IdempotentAddition.Added(pet);
    }

    /** The instant as the column takes it; both keep microseconds, and truncating never moves an expiry later. */
    protected Object timestamp(Instant instant) {
        Instant micros = instant.truncatedTo(ChronoUnit.MICROS);
        return utcDateTime ? LocalDateTime.ofInstant(micros, ZoneOffset.UTC) : micros.atOffset(ZoneOffset.UTC);
    }

    private Instant instant(ResultSet row, int column) throws SQLException {
        return utcDateTime ? row.getObject(column, LocalDateTime.class).toInstant(ZoneOffset.UTC) : row.getObject(column, OffsetDateTime.class).toInstant();
    }

    /** SHA-256 of a NewPet's canonical form, however its JSON was spelled; the name, last, holds no line feed. */
    private static byte[] fingerprint(NewPet newPet) {
        return sha256("pet-v1\n" + newPet.categoryId().value() + "\n" + newPet.status().map(PetPersistenceAdapter::column).orElse("") + "\n" + newPet.name().value());
    }

    /** SHA-256 of the key for its lock, the client's length first so no two (client, value) pairs run together. */
    protected static byte[] lockDigest(IdempotencyKey key) {
        return sha256(key.client().length() + ":" + key.client() + key.value());
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by the Java platform", e);
        }
    }
}
