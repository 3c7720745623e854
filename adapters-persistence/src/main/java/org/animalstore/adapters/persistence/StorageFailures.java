package org.animalstore.adapters.persistence;

import io.micronaut.data.connection.exceptions.ConnectionException;
import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.function.Supplier;
import org.animalstore.domain.port.out.StorageUnavailableException;

/** Tells "PostgreSQL is out of reach" (retryable) apart from every other failure, which stays as it is. */
final class StorageFailures {

    private StorageFailures() {
    }

    static <T> T translated(Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            if (isConnectionFailure(e)) {
                throw new StorageUnavailableException("PostgreSQL is unreachable", e);
            }
            throw e;
        }
    }

    /** True when the failure is a unique-constraint violation (SQLSTATE 23505). */
    static boolean isUniqueViolation(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && "23505".equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    private static boolean isConnectionFailure(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLTransientConnectionException || cause instanceof ConnectException) {
                return true;
            }
            // Micronaut Data could not get, set up or reset a connection. After a network failure it
            // reports resetting the broken connection, hiding the SQLSTATE 08 error that came first.
            if (cause instanceof ConnectionException) {
                return true;
            }
            // SQLSTATE class 08: connection exception; 57P01-57P03: server shutting down or starting up.
            if (cause instanceof SQLException sql && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("08") || sql.getSQLState().startsWith("57P"))) {
                return true;
            }
        }
        return false;
    }
}
