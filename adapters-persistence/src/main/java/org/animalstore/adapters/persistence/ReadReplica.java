package org.animalstore.adapters.persistence;

import java.sql.Connection;
import java.util.Optional;
import java.util.function.Function;

/**
 * A read-only copy of the database that reads may go to instead of the primary (docs/scaling.md). Every
 * read it cannot serve fresh enough, or at all, is the primary's again: it never turns into an error.
 */
public interface ReadReplica {

    /** The read's result on a replica connection, or empty when the replica is too far behind, out of reach or failed. */
    <R> Optional<R> read(Function<Connection, R> read);

    /** Returns once the replica shows what the primary has committed, or is so far behind no instance reads from it. */
    void awaitReplay();

    /** How the replica fares now, for the metrics. */
    Status status();

    /**
     * Whether the last check reached it; how long ago the primary was last at a position it has replayed (NaN until
     * it caught up once); the reads it answered, and those sent to the primary as it was behind, out of reach or failed.
     */
    record Status(boolean reachable, double stalenessSeconds, long served, long sentPrimary) {
    }
}
