package org.animalstore.adapters.persistence.postgresql;

import io.micronaut.context.annotation.Requires;
import io.micronaut.data.connection.ConnectionOperations;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.animalstore.adapters.persistence.DatabaseProfile;
import org.animalstore.adapters.persistence.ReadReplica;
import org.animalstore.adapters.persistence.Statements;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PostgreSQL streaming replica ({@code datasources.replica.*}). Its freshness is measured from
 * PostgreSQL's own positions: every check samples how far the primary has flushed its WAL, then reads how
 * far the replica has replayed. When the replica has replayed past a sample taken at time t, every commit
 * acknowledged before t is on it (with {@code synchronous_commit} on, the default, a commit is acknowledged
 * once flushed); reads use it while that t is at most max-lag old.
 */
@Singleton
@Requires(property = DatabaseProfile.URL_PROPERTY, pattern = PostgresProfile.URL_PATTERN)
@Requires(property = "datasources.replica.url")
final class PostgresReplica implements ReadReplica {

    private static final Logger LOG = LoggerFactory.getLogger(PostgresReplica.class);

    private final ConnectionOperations<Connection> replica;
    private final ConnectionOperations<Connection> primary;
    private final long maxLagNanos;
    private final ReplayPositions positions;
    private final ScheduledExecutorService checks;
    private volatile boolean reachable;
    private final LongAdder served = new LongAdder();
    private final LongAdder sentPrimary = new LongAdder();

    PostgresReplica(@Named("replica") ConnectionOperations<Connection> replica, ConnectionOperations<Connection> primary, ReplicaSettings settings) {
        this.replica = replica;
        this.primary = primary;
        this.maxLagNanos = settings.maxLag().toNanos();
        this.positions = new ReplayPositions((int) (2 * maxLagNanos / settings.checkInterval().toNanos()) + 2);
        this.checks = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("replica-check").factory());
        checks.scheduleWithFixedDelay(this::check, 0, settings.checkInterval().toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public <R> Optional<R> read(Function<Connection, R> read) {
        if (!fresh()) {
            sentPrimary.increment();
            return Optional.empty();
        }
        try {
            R result = replica.executeRead(status -> read.apply(status.getConnection()));
            served.increment();
            return Optional.of(result);
        } catch (RuntimeException e) {
            // Whatever went wrong there (stopped, restarting, a recovery conflict), the primary answers instead.
            markUnreachable(e);
            sentPrimary.increment();
            return Optional.empty();
        }
    }

    @Override
    public void awaitReplay() {
        if (!fresh()) {
            // This instance reads from the primary already; waiting here would hold a worker for max-lag on
            // every create while the replica is behind. Another instance may still trust it, for max-lag at most.
            return;
        }
        long deadline = System.nanoTime() + maxLagNanos;
        long committed;
        try {
            committed = primaryFlushed();
        } catch (RuntimeException e) {
            return;
        }
        long pause = 1;
        while (positions.replayed() < committed && System.nanoTime() < deadline) {
            try {
                readReplayed();
                if (positions.replayed() >= committed) {
                    return;
                }
                Thread.sleep(pause);
                pause = Math.min(10, 2 * pause);
            } catch (RuntimeException e) {
                markUnreachable(e);
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Override
    public Status status() {
        double staleness = positions.replayed() < 0 ? Double.NaN : (System.nanoTime() - positions.caughtUpAt()) / 1e9;
        return new Status(reachable, staleness, served.sum(), sentPrimary.sum());
    }

    boolean fresh() {
        return reachable && System.nanoTime() - positions.caughtUpAt() <= maxLagNanos;
    }

    private void check() {
        long sampledAt = System.nanoTime();
        long primaryPosition;
        try {
            primaryPosition = primaryFlushed();
        } catch (RuntimeException e) {
            return; // No sample: the replica's freshness ages until the primary answers again.
        }
        positions.sampled(sampledAt, primaryPosition);
        try {
            readReplayed();
            if (!reachable) {
                LOG.info("The read replica answers again: reads go to it while it is fresh");
            }
            reachable = true;
        } catch (RuntimeException e) {
            markUnreachable(e);
        }
    }

    private void markUnreachable(Exception e) {
        if (reachable) {
            LOG.warn("The read replica failed, reads go to the primary: {}", e.getMessage());
        }
        reachable = false;
    }

    /** How far the primary has flushed its WAL: at or past the end of every commit it has acknowledged. */
    private long primaryFlushed() {
        return position(primary, "SELECT pg_wal_lsn_diff(pg_current_wal_flush_lsn(), '0/0')");
    }

    /** Reads how far the replica has replayed; a server not in recovery (the URL names a primary) has everything. */
    private void readReplayed() {
        positions.replayedUpTo(position(replica, "SELECT COALESCE(pg_wal_lsn_diff(pg_last_wal_replay_lsn(), '0/0'), " + Long.MAX_VALUE + ")"));
    }

    /** A WAL position as the bytes since its start: PostgreSQL's own arithmetic on pg_lsn. */
    private static long position(ConnectionOperations<Connection> database, String sql) {
        return database.executeRead(status -> Statements.query(status.getConnection(), sql, row -> row.getLong(1)).getFirst());
    }

    @PreDestroy
    void stop() {
        checks.shutdownNow();
    }
}
