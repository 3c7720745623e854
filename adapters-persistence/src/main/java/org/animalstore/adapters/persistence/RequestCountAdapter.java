package org.animalstore.adapters.persistence;

import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.util.List;
import org.animalstore.domain.model.RequestCount;
import org.animalstore.domain.port.out.ShareRequestCountsPort;

/** Shares rate-limit counts through {@code request_count}: each instance writes only its own rows, so no race. */
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
                Object[] row = {count.requests(), count.windowStart(), count.client(), instance};
                if (Statements.update(connection, "UPDATE request_count SET requests = ? WHERE window_start = ? AND client = ? AND instance = ?", row) == 0) {
                    Statements.update(connection, "INSERT INTO request_count (requests, window_start, client, instance) VALUES (?, ?, ?, ?)", row);
                }
            }
            return Statements.query(connection, """
                    SELECT client, window_start, SUM(requests) FROM request_count
                    WHERE window_start >= ? AND instance <> ? GROUP BY client, window_start""",
                    rows -> new RequestCount(rows.getString(1), rows.getLong(2), rows.getLong(3)), since, instance);
        }));
    }

    @Override
    public void forgetWindowsBefore(long windowStart) {
        StorageFailures.translated(() -> transactions.executeWrite(status ->
                Statements.update(status.getConnection(), "DELETE FROM request_count WHERE window_start < ?", windowStart)));
    }
}
