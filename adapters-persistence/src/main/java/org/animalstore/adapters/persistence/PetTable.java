package org.animalstore.adapters.persistence;

import io.micronaut.data.connection.ConnectionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetStatus;

/**
 * The statements on the {@code pet} table: plain JDBC on connections managed by Micronaut Data, no
 * entity mapping on the hot path. The SQL is what PostgreSQL and MariaDB both speak, but for the
 * status listing a profile may adjust; each database's migrations give every keyset query an index
 * that serves it (docs/persistence-adapters.md shows the plans). Runs in the caller's transaction when
 * there is one, else on a connection of its own; reads also on a connection given (a replica's).
 */
@Singleton
public final class PetTable {

    public static final String COLUMNS = "id, name, category_id, status";
    static final String INSERT = "INSERT INTO pet (name, category_id, status) VALUES (?, ?, ?)";
    static final String FIND = "SELECT " + COLUMNS + " FROM pet WHERE id = ?";
    static final String LIST_AFTER = "SELECT " + COLUMNS + " FROM pet WHERE id > ? ORDER BY id LIMIT ?";
    public static final String LIST_WITH_STATUS_AFTER = "SELECT " + COLUMNS + " FROM pet WHERE status = ? AND id > ? ORDER BY id LIMIT ?";
    /** JDBC's portable way to the generated id (PostgreSQL's driver appends RETURNING, MariaDB's reads the insert id). */
    private static final String[] GENERATED_ID = {"id"};

    private final ConnectionOperations<Connection> connections;
    private final String listWithStatusAfter;

    PetTable(ConnectionOperations<Connection> connections, DatabaseProfile database) {
        this.connections = connections;
        this.listWithStatusAfter = database.listWithStatusAfter();
    }

    public Pet insert(NewPet newPet) {
        return connections.executeWrite(status -> Statements.runReturning(status.getConnection(), INSERT, GENERATED_ID, statement -> {
            bind(statement, 0, newPet);
            statement.executeUpdate();
            try (ResultSet keys = statement.getGeneratedKeys()) {
                if (!keys.next()) {
                    throw new IllegalStateException("the pet insert generated no id");
                }
                return newPet.withId(new PetId(keys.getLong(1)));
            }
        }));
    }

    /**
     * One statement for several pets: {@code INSERT ... VALUES (...), (...) RETURNING id}, which PostgreSQL and
     * MariaDB (10.5 on) both run. Each database numbers the rows in the order of the VALUES list, so the ids,
     * sorted, belong to the pets in the order given.
     */
    List<Pet> insertAll(List<NewPet> newPets) {
        String sql = INSERT + ", (?, ?, ?)".repeat(newPets.size() - 1) + " RETURNING id";
        return connections.executeWrite(status -> Statements.run(status.getConnection(), sql, statement -> {
            for (int i = 0; i < newPets.size(); i++) {
                bind(statement, 3 * i, newPets.get(i));
            }
            long[] ids = new long[newPets.size()];
            try (ResultSet rows = statement.executeQuery()) {
                for (int i = 0; i < ids.length; i++) {
                    if (!rows.next()) {
                        throw new IllegalStateException("the insert of " + ids.length + " pets returned " + i + " ids");
                    }
                    ids[i] = rows.getLong(1);
                }
            }
            Arrays.sort(ids);
            List<Pet> added = new ArrayList<>(ids.length);
            for (int i = 0; i < ids.length; i++) {
                added.add(newPets.get(i).withId(new PetId(ids[i])));
            }
            return added;
        }));
    }

    private static void bind(PreparedStatement statement, int offset, NewPet newPet) throws SQLException {
        statement.setString(offset + 1, newPet.name().value());
        statement.setLong(offset + 2, newPet.categoryId().value());
        String column = newPet.status().map(PetRowMapper::toColumn).orElse(null);
        if (column == null) {
            statement.setNull(offset + 3, Types.VARCHAR);
        } else {
            statement.setString(offset + 3, column);
        }
    }

    /** The pet with this id, in the caller's transaction when there is one (an idempotent addition's replay). */
    public Optional<Pet> find(long id) {
        return connections.executeRead(status -> find(status.getConnection(), id));
    }

    /** As {@link #find(long)}, on the connection given (the primary's or a replica's). */
    Optional<Pet> find(Connection connection, long id) {
        return Statements.run(connection, FIND, statement -> {
            statement.setLong(1, id);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? Optional.of(PetRowMapper.toPet(rows)) : Optional.empty();
            }
        });
    }

    List<Pet> list(Optional<PetStatus> status, long after, int limit) {
        return connections.executeRead(connection -> list(connection.getConnection(), status, after, limit));
    }

    /** Up to {@code limit} pets with ids above {@code after}, of one status or of any, on the connection given. */
    List<Pet> list(Connection connection, Optional<PetStatus> status, long after, int limit) {
        if (status.isEmpty()) {
            return Statements.run(connection, LIST_AFTER, statement -> {
                statement.setLong(1, after);
                statement.setInt(2, limit);
                return all(statement, limit);
            });
        }
        return Statements.run(connection, listWithStatusAfter, statement -> {
            statement.setString(1, PetRowMapper.toColumn(status.get()));
            statement.setLong(2, after);
            statement.setInt(3, limit);
            return all(statement, limit);
        });
    }

    private static List<Pet> all(PreparedStatement statement, int limit) throws SQLException {
        try (ResultSet rows = statement.executeQuery()) {
            List<Pet> pets = new ArrayList<>(limit);
            while (rows.next()) {
                pets.add(PetRowMapper.toPet(rows));
            }
            return pets;
        }
    }
}
