package org.animalstore.adapters.persistence.postgresql;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.data.connection.ConnectionOperations;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.time.Duration;
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
 * A PostgreSQL streaming replica ({@code datasources.replica.*}), checked by comparing the primary's flushed WAL with
 * its replay: reads use it while it surely holds every commit older than {@code petstore.replica.max-lag} (docs/scaling.md).
 */
@Singleton
@Requires(property = DatabaseProfile.URL_PROPERTY, pattern = PostgresIdempotentAdditionAdapter.URL_PATTERN)
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

    PostgresReplica(@Named("replica") ConnectionOperations<Connection> replica, ConnectionOperations<Connection> primary,
                    @Value("${petstore.replica.max-lag:500ms}") Duration maxLag, @Value("${petstore.replica.check-interval:100ms}") Duration checkInterval) {
        if (!checkInterval.isPositive() || checkInterval.compareTo(maxLag) >= 0) {
            throw new IllegalArgumentException("petstore.replica.check-interval must be positive and shorter than max-lag");
        }
        this.replica = replica;
        this.primary = primary;
        this.maxLagNanos = maxLag.toNanos();
        this.positions = new ReplayPositions((int) (2 * maxLagNanos / checkInterval.toNanos()) + 2);
        this.checks = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("replica-check").factory());
        checks.scheduleWithFixedDelay(this::check, 0, checkInterval.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public <R> Optional<R> read(Function<Connection, R> read) {
        if (fresh()) {
            try {
                R result = replica.executeRead(status -> read.apply(status.getConnection()));
                served.increment();
                return Optional.of(result);
            } catch (RuntimeException e) {
                // Whatever went wrong there (stopped, restarting, a recovery conflict), the primary answers instead.
                markUnreachable(e);
            }
        }
        sentPrimary.increment();
        return Optional.empty();
    }

    @Override
    public void awaitReplay() {
        if (!fresh()) {
            // Reads go to the primary already: waiting would hold a worker for max-lag on every create.
            return;
        }
        long deadline = System.nanoTime() + maxLagNanos;
        long committed;
        try {
            committed = primaryFlushed();
        } catch (RuntimeException e) {
            return;
        }
        try {
            for (long pause = 1; positions.replayed() < committed && System.nanoTime() < deadline; pause = Math.min(10, 2 * pause)) {
                readReplayed();
                if (positions.replayed() < committed) {
                    Thread.sleep(pause);
                }
            }
        } catch (RuntimeException e) {
            markUnreachable(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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
        try {
            positions.sampled(sampledAt, primaryFlushed());
        } catch (RuntimeException e) {
            return; // No sample: the replica's freshness ages until the primary answers again.
        }
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
