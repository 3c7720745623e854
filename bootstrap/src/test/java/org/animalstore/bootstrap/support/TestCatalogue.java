package org.animalstore.bootstrap.support;

import io.micronaut.context.BeanLocator;
import org.animalstore.adapters.rest.pet.PetMemory;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.model.PetStatus;
import org.animalstore.domain.port.in.AddPetUseCase;

/**
 * The catalogue of a running service, below its HTTP API: to start tests from an empty catalogue, add the
 * pets a test needs beforehand, and count what was stored.
 */
public final class TestCatalogue {

    private final DataSource dataSource;
    private final AddPetUseCase addPet;
    private final CatalogueSql sql;
    private final PetMemory cache;

    /** The catalogue of the service whose beans these are. */
    public TestCatalogue(BeanLocator service) {
        this.dataSource = DelegatingDataSource.unwrapDataSource(service.getBean(DataSource.class));
        this.addPet = service.getBean(AddPetUseCase.class);
        this.sql = CatalogueSql.of(dataSource);
        this.cache = service.getBean(PetMemory.class);
    }

    /** Removes every pet, and has the service forget them at once, as an operator would after a fix by hand. */
    public void empty() {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            for (String emptying : sql.empty()) {
                statement.execute(emptying);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        cache.forget();
    }

    public long count() {
        return count("pet");
    }

    public long idempotencyKeyCount() {
        return count("idempotency_key");
    }

    /** Adds a pet through the application's port, as a precondition rather than a request; returns its id. */
    public long add(String name, long categoryId, String statusOrNull) {
        Optional<PetStatus> status = Optional.ofNullable(statusOrNull).map(value -> PetStatus.valueOf(value.toUpperCase(Locale.ROOT)));
        long id = addPet.addPets(List.of(new NewPet(new PetName(name), new CategoryId(categoryId), status))).getFirst().id().value();
        cache.forget(); // added below the HTTP API: its remembered pages do not know the pet
        return id;
    }

    /** Renames a pet in its row, as an operator's fix by hand would: the service is not told. */
    public void renameByHand(long id, String name) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement update = connection.prepareStatement("UPDATE pet SET name = ? WHERE id = ?")) {
            update.setString(1, name);
            update.setLong(2, id);
            if (update.executeUpdate() != 1) {
                throw new IllegalStateException("no pet " + id);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Stores {@code count} pets straight into the table, statuses taking turns; returns their ids in order. */
    public List<Long> insertPets(int count) {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql.insertPets(count))) {
            List<Long> ids = new ArrayList<>();
            while (rows.next()) {
                ids.add(rows.getLong(1));
            }
            cache.forget(); // rows written below the service: its remembered pages do not know them
            return ids;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Makes every pet insert wait, as on a very slow database, until the returned hold is closed. */
    public PetInsertHold holdPetInserts() {
        try {
            Connection connection;
            if (sql.holdsOnItsOwnConnection()) {
                HikariDataSource pool = dataSource.unwrap(HikariDataSource.class);
                connection = DriverManager.getConnection(pool.getJdbcUrl(), pool.getUsername(), pool.getPassword());
            } else {
                connection = dataSource.getConnection();
                connection.setAutoCommit(false);
            }
            try (Statement statement = connection.createStatement()) {
                statement.execute(sql.lockPets());
            }
            return new PetInsertHold(connection, sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public record PetInsertHold(Connection connection, CatalogueSql sql) implements AutoCloseable {

        /** Waits until some request is stuck inserting a pet. */
        public void awaitAWaitingInsert() throws SQLException, InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < deadline) {
                try (Statement statement = connection.createStatement();
                     ResultSet waiting = statement.executeQuery(sql.waitingPetInserts())) {
                    waiting.next();
                    if (waiting.getLong(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(10);
            }
            throw new AssertionError("no request reached the pet insert");
        }

        @Override
        public void close() throws SQLException {
            if (sql.unlockPets() == null) {
                connection.rollback();
            } else {
                try (Statement statement = connection.createStatement()) {
                    statement.execute(sql.unlockPets());
                }
            }
            connection.close();
        }
    }

    private long count(String table) {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
             var rows = statement.executeQuery("SELECT count(*) FROM " + table)) {
            rows.next();
            return rows.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
