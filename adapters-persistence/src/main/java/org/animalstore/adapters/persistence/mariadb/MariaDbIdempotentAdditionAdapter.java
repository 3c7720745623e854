package org.animalstore.adapters.persistence.mariadb;

import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.data.connection.ConnectionOperations;
import io.micronaut.transaction.TransactionDefinition;
import io.micronaut.transaction.TransactionOperations;
import io.micronaut.transaction.support.DefaultTransactionDefinition;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
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

/** Adds pets once per key on MariaDB: a named lock taken without waiting guards a READ COMMITTED transaction. */
@Singleton
@Requires(property = DatabaseProfile.URL_PROPERTY, pattern = MariaDbIdempotentAdditionAdapter.URL_PATTERN)
class MariaDbIdempotentAdditionAdapter extends KeyRecords implements ForgetExpiredIdempotencyKeysPort {

    static final String URL_PATTERN = "jdbc:mariadb:.*";

    /** Names are server-wide, at most 64 characters; the key's hash is ASCII, so it mixes with DATABASE()'s utf8mb3. */
    static final String LOCK_NAME = "SHA2(CONCAT(DATABASE(), ':', ?), 256)";

    private final ConnectionOperations<Connection> connections;
    private final TransactionOperations<Connection> transactions;
    /** No gap locks (REPEATABLE READ's): the cleanup's locking range scan never holds up additions, nor they it. */
    private final DefaultTransactionDefinition readCommitted = new DefaultTransactionDefinition();

    MariaDbIdempotentAdditionAdapter(ConnectionOperations<Connection> connections, TransactionOperations<Connection> transactions,
                                     PetPersistenceAdapter pets) {
        super(pets, true, sql -> sql.getErrorCode() == 1062); // ER_DUP_ENTRY
        this.connections = connections;
        this.transactions = transactions;
        readCommitted.setIsolationLevel(TransactionDefinition.Isolation.READ_COMMITTED);
    }

    /** The named lock lives as long as the session: released after the commit, in all cases. */
    @Override
    protected IdempotentAddition underLock(IdempotencyKey key, Function<Connection, IdempotentAddition> addition) {
        return connections.executeWrite(status -> {
            if (!lockStatement(status.getConnection(), "SELECT GET_LOCK(" + LOCK_NAME + ", 0)", key)) {
                return new IdempotentAddition.InProgress();
            }
            try {
                return transactions.execute(readCommitted, transaction -> addition.apply(transaction.getConnection()));
            } finally {
                lockStatement(status.getConnection(), "SELECT RELEASE_LOCK(" + LOCK_NAME + ")", key);
            }
        });
    }

    /** Locks up to {@code max} expired records, skipping those another transaction holds, and deletes them. */
    @Override
    public int forgetExpiredKeys(Instant now, int max) {
        return StorageFailures.translated(() -> transactions.execute(readCommitted, status -> {
            List<Object[]> expired = Statements.query(status.getConnection(), "SELECT client, key_value FROM idempotency_key WHERE expires_at <= ? "
                    + "ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED", row -> new Object[] {row.getString(1), row.getString(2)}, timestamp(now), max);
            // A bulk batch may not count per row; each of these rows is locked by this transaction, so it went.
            return Arrays.stream(Statements.batch(status.getConnection(), "DELETE FROM idempotency_key WHERE client = ? AND key_value = ?", expired))
                    .map(count -> count == Statement.SUCCESS_NO_INFO ? 1 : count).sum();
        }));
    }

    static String lockKey(IdempotencyKey key) {
        return HexFormat.of().formatHex(lockDigest(key));
    }

    private static boolean lockStatement(Connection connection, String sql, IdempotencyKey key) {
        return Statements.query(connection, sql, row -> row.getInt(1), lockKey(key)).getFirst() == 1;
    }

    /** MariaDB's profile: Connector/J counts timeouts in milliseconds. */
    @Factory
    @Requires(property = DatabaseProfile.URL_PROPERTY, pattern = URL_PATTERN)
    static final class Profile {
        @Singleton
        DatabaseProfile mariadb() {
            return new DatabaseProfile("mariadb", TimeUnit.MILLISECONDS, false, Map.of("connectionAttributes", "program_name:animal-store"));
        }
    }
}
