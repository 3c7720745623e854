package org.animalstore.adapters.persistence;

import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.animalstore.domain.model.RequestCount;
import org.animalstore.domain.port.out.ShareRequestCountsPort;

/**
 * Shares rate-limit counts through the {@code request_count} table, in SQL every supported database
 * runs. Each instance only ever writes its own rows, so an update, and an insert when it touched nothing,
 * cannot race with another instance; readers add the rows up.
 */
@Singleton
class RequestCountAdapter implements ShareRequestCountsPort {

    private final TransactionOperations<Connection> transactions;

    RequestCountAdapter(TransactionOperations<Connection> transactions) {
        this.transactions = transactions;
    }

    @Override
    public List<RequestCount> share(String instance, List<RequestCount> counts, long since) {
        return StorageFailures.translated(() -> transactions.executeWrite(status -> {
            Connection connection = status.getConnection();
            for (RequestCount count : counts) {
                if (write(connection, "UPDATE request_count SET requests = ? WHERE window_start = ? AND client = ? AND instance = ?", instance, count) == 0) {
                    write(connection, "INSERT INTO request_count (requests, window_start, client, instance) VALUES (?, ?, ?, ?)", instance, count);
                }
            }
            return othersSince(connection, instance, since);
        }));
    }

    @Override
    public void forgetWindowsBefore(long windowStart) {
        StorageFailures.translated(() -> transactions.executeWrite(status -> Statements.run(status.getConnection(),
                "DELETE FROM request_count WHERE window_start < ?", statement -> {
                    statement.setLong(1, windowStart);
                    return statement.executeUpdate();
                })));
    }

    /** Runs an update or insert whose parameters are, in order: requests, window start, client, instance. */
    private static int write(Connection connection, String sql, String instance, RequestCount count) {
        return Statements.run(connection, sql, statement -> {
            statement.setLong(1, count.requests());
            statement.setLong(2, count.windowStart());
            statement.setString(3, count.client());
            statement.setString(4, instance);
            return statement.executeUpdate();
        });
    }

    private static List<RequestCount> othersSince(Connection connection, String instance, long since) {
        return Statements.run(connection, """
                SELECT client, window_start, SUM(requests) FROM request_count
                WHERE window_start >= ? AND instance <> ? GROUP BY client, window_start""", statement -> {
            statement.setLong(1, since);
            statement.setString(2, instance);
            List<RequestCount> others = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    others.add(new RequestCount(rows.getString(1), rows.getLong(2), rows.getLong(3)));
                }
            }
            return others;
        });
    }
}
