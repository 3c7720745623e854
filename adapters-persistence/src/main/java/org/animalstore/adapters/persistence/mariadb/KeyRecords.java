package org.animalstore.adapters.persistence.mariadb;

import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.animalstore.adapters.persistence.DatabaseProfile;
import org.animalstore.adapters.persistence.Statements;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.PetId;

/** The statements on MariaDB's {@code idempotency_key} table, run on the caller's connection. */
@Singleton
@Requires(property = DatabaseProfile.URL_PROPERTY, pattern = MariaDbProfile.URL_PATTERN)
final class KeyRecords {

    static final String FIND_EXPIRED = "SELECT client, key_value FROM idempotency_key WHERE expires_at <= ? "
            + "ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED";

    record KeyRecord(byte[] fingerprint, long petId, Instant expiresAt) {
    }

    Optional<KeyRecord> find(Connection connection, IdempotencyKey key) {
        return Statements.run(connection, "SELECT fingerprint, pet_id, expires_at FROM idempotency_key WHERE client = ? AND key_value = ?", statement -> {
            bindKey(statement, key);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next()
                        ? Optional.of(new KeyRecord(rows.getBytes(1), rows.getLong(2), rows.getObject(3, LocalDateTime.class).toInstant(ZoneOffset.UTC)))
                        : Optional.empty();
            }
        });
    }

    void delete(Connection connection, IdempotencyKey key) {
        Statements.run(connection, "DELETE FROM idempotency_key WHERE client = ? AND key_value = ?", statement -> {
            bindKey(statement, key);
            return statement.executeUpdate();
        });
    }

    void insert(Connection connection, IdempotencyKey key, byte[] fingerprint, PetId petId, Instant now, Instant expiresAt) {
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

    /**
     * Locks up to {@code max} expired records, skipping those another transaction holds (another instance
     * forgetting, or an addition reusing an expired key), and deletes them by primary key.
     */
    int forgetExpired(Connection connection, Instant now, int max) {
        List<IdempotencyKey> expired = Statements.run(connection, FIND_EXPIRED, statement -> {
            statement.setObject(1, timestamp(now));
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
                bindKey(statement, key);
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

    private static void bindKey(PreparedStatement statement, IdempotencyKey key) throws SQLException {
        statement.setString(1, key.client());
        statement.setString(2, key.value());
    }

    /** DATETIME(6) keeps microseconds and would cut the rest anyway; truncating never moves an expiry later. */
    private static LocalDateTime timestamp(Instant instant) {
        return LocalDateTime.ofInstant(instant.truncatedTo(ChronoUnit.MICROS), ZoneOffset.UTC);
    }
}
