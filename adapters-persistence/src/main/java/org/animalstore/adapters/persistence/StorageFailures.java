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
            if (cause instanceof SQLException sql && sql.getSQLState() != null && isConnectionState(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /**
     * SQLSTATE class 08 (connection exception) on every database; PostgreSQL's 57P01-57P03 (server
     * shutting down or starting up); MariaDB's 70100 (the server killed the connection or its statement).
     */
    private static boolean isConnectionState(String state) {
        return state.startsWith("08") || state.startsWith("57P") || state.equals("70100");
    }
}
