package org.animalstore.adapters.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.PetId;

/**
 * The statements on the {@code idempotency_key} table that both databases run alike, on the caller's connection.
 * Only the instants differ: a {@code timestamptz} on PostgreSQL, a {@code DATETIME(6)} holding UTC on MariaDB.
 */
public final class KeyRecords {

    /** A key's record: the fingerprint of the pet it added, that pet, and when the key expires. */
    public record KeyRecord(byte[] fingerprint, long petId, Instant expiresAt) {
    }

    private final boolean utcDateTime;

    /** @param utcDateTime whether the columns are DATETIME holding UTC (MariaDB) rather than timestamptz (PostgreSQL) */
    public KeyRecords(boolean utcDateTime) {
        this.utcDateTime = utcDateTime;
    }

    public Optional<KeyRecord> find(Connection connection, IdempotencyKey key) {
        return Statements.run(connection, "SELECT fingerprint, pet_id, expires_at FROM idempotency_key WHERE client = ? AND key_value = ?", statement -> {
            bindKey(statement, key);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? Optional.of(new KeyRecord(rows.getBytes(1), rows.getLong(2), instant(rows, 3))) : Optional.empty();
            }
        });
    }

    public void delete(Connection connection, IdempotencyKey key) {
        Statements.run(connection, "DELETE FROM idempotency_key WHERE client = ? AND key_value = ?", statement -> {
            bindKey(statement, key);
            return statement.executeUpdate();
        });
    }

    public void insert(Connection connection, IdempotencyKey key, byte[] fingerprint, PetId petId, Instant now, Instant expiresAt) {
        Statements.run(connection, """
                INSERT INTO idempotency_key (client, key_value, fingerprint, pet_id, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, ?)""", statement -> {
            bindKey(statement, key);
            statement.setBytes(3, fingerprint);
            statement.setLong(4, petId.value());
            statement.setObject(5, timestamp(now));
            statement.setObject(6, timestamp(expiresAt));
            return statement.executeUpdate();
        });
    }

    /** Binds the key's client and value to the first two parameters. */
    public static void bindKey(PreparedStatement statement, IdempotencyKey key) throws SQLException {
        statement.setString(1, key.client());
        statement.setString(2, key.value());
    }

    /** The instant as the column takes it; both keep microseconds, and truncating never moves an expiry later. */
    public Object timestamp(Instant instant) {
        Instant micros = instant.truncatedTo(ChronoUnit.MICROS);
        return utcDateTime ? LocalDateTime.ofInstant(micros, ZoneOffset.UTC) : micros.atOffset(ZoneOffset.UTC);
    }

    private Instant instant(ResultSet rows, int column) throws SQLException {
        return utcDateTime ? rows.getObject(column, LocalDateTime.class).toInstant(ZoneOffset.UTC)
                : rows.getObject(column, OffsetDateTime.class).toInstant();
    }
}
