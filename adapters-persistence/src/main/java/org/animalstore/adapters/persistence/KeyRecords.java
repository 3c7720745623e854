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
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.IdempotentAddition;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.port.out.AddPetOncePort;

/**
 * Adds pets at most once per idempotency key, on the {@code idempotency_key} statements both databases run
 * alike: under the key's lock (the database's adapter takes it), it reads the key's record and inserts the pet
 * and the record together. The primary key on (client, key_value) is the last word should anything bypass the
 * lock: its violation is {@code InProgress} too. The instants are a {@code timestamptz} on PostgreSQL, a
 * {@code DATETIME(6)} holding UTC on MariaDB. With a read replica, an addition returns once it shows the pet.
 */
public abstract class KeyRecords implements AddPetOncePort {

    private record KeyRecord(byte[] fingerprint, long petId, Instant expiresAt) {
    }

    private final PetPersistenceAdapter pets;
    private final boolean utcDateTime;
    private final Predicate<SQLException> duplicateKey;

    /**
     * @param utcDateTime  whether the columns are DATETIME holding UTC (MariaDB) rather than timestamptz (PostgreSQL)
     * @param duplicateKey tells the database's primary key violation
     */
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
        IdempotentAddition addition;
        try {
            addition = StorageFailures.translated(() -> underLock(key, connection -> add(connection, key, newPet, fingerprint, now, expiresAt)));
        } catch (RuntimeException e) {
            if (StorageFailures.causedBy(e, cause -> cause instanceof SQLException sql && duplicateKey.test(sql))) {
                return new IdempotentAddition.InProgress();
            }
            throw e;
        }
        if (addition instanceof IdempotentAddition.Added) {
            pets.awaitReplica();
        }
        return addition;
    }

    private IdempotentAddition add(Connection connection, IdempotencyKey key, NewPet newPet, byte[] fingerprint, Instant now, Instant expiresAt) {
        Optional<KeyRecord> existing = Statements.query(connection, "SELECT fingerprint, pet_id, expires_at FROM idempotency_key WHERE client = ? AND key_value = ?",
                row -> new KeyRecord(row.getBytes(1), row.getLong(2), instant(row, 3)), key.client(), key.value()).stream().findFirst();
        if (existing.isPresent() && existing.get().expiresAt().isAfter(now)) {
            KeyRecord record = existing.get();
            return Arrays.equals(record.fingerprint(), fingerprint)
                    ? new IdempotentAddition.Replayed(pets.find(connection, record.petId()).orElseThrow())
                    : new IdempotentAddition.KeyReused();
        }
        if (existing.isPresent()) {
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

    /**
     * SHA-256 of a NewPet's canonical form: equal pets have equal fingerprints, however their JSON was spelled
     * (field order, whitespace, escapes, ignored fields). The name comes last and cannot hold a line feed (no
     * control characters), so the form is unambiguous.
     */
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
