package org.animalstore.adapters.persistence;

import io.micronaut.data.connection.exceptions.ConnectionException;
import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.animalstore.domain.port.out.StorageUnavailableException;

/** Tells "the database is out of reach" (retryable) apart from every other failure, which stays as it is. */
public final class StorageFailures {

    private StorageFailures() {
    }

    public static <T> T translated(Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            if (isConnectionFailure(e)) {
                throw new StorageUnavailableException("The database is unreachable", e);
            }
            throw e;
        }
    }

    /** True when the failure or one of its causes is an SQLException that {@code test} accepts. */
    public static boolean causedBy(Throwable failure, Predicate<SQLException> test) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && test.test(sql)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A pool timeout, a refused connection, or an SQLSTATE of class 08 (connection exception) on every database,
     * PostgreSQL's 57P01-57P03 (server shutting down or starting up), MariaDB's 70100 (the server killed the
     * connection or its statement). Micronaut Data's ConnectionException: it could not get, set up or reset a
     * connection; after a network failure it reports resetting the broken one, hiding the SQLSTATE 08 that came first.
     */
    private static boolean isConnectionFailure(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLTransientConnectionException || cause instanceof ConnectException || cause instanceof ConnectionException) {
                return true;
            }
        }
        return causedBy(failure, sql -> sql.getSQLState() != null
                && (sql.getSQLState().startsWith("08") || sql.getSQLState().startsWith("57P") || sql.getSQLState().equals("70100")));
    }
}
