package org.animalstore.adapters.persistence;

import io.micronaut.data.connection.exceptions.ConnectionException;
import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.animalstore.domain.port.out.StorageUnavailableException;

/** Tells "the database is out of reach" (retryable) apart from every other failure, which stays as it is. */
public final class StorageFailures {

    private StorageFailures() {
    }

    /** True when the failure or one of its causes is one {@code test} accepts. */
    static boolean causedBy(Throwable failure, Predicate<Throwable> test) {
        return Stream.iterate(failure, Objects::nonNull, Throwable::getCause).anyMatch(test);
    }

    /**
     * The call's result, or StorageUnavailableException when the database was out of reach: a pool timeout, a refused
     * connection, SQLSTATE class 08, PostgreSQL's 57P01-57P03 (shutting down, starting up), MariaDB's 70100 (killed),
     * or Micronaut Data's ConnectionException (which hides the SQLSTATE 08 of a broken connection it failed to reset).
     */
    public static <T> T translated(Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            if (causedBy(e, cause -> cause instanceof SQLTransientConnectionException || cause instanceof ConnectException
                    || cause instanceof ConnectionException || cause instanceof SQLException sql && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("08") || sql.getSQLState().startsWith("57P") || sql.getSQLState().equals("70100")))) {
                throw new StorageUnavailableException("The database is unreachable", e);
            }
            throw e;
        }
    }
}
