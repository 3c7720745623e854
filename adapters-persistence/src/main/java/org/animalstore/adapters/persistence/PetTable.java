package org.animalstore.adapters.persistence;

import io.micronaut.data.connection.ConnectionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;

/**
 * The statements on the {@code pet} table: plain JDBC on connections managed by Micronaut Data, no
 * entity mapping on the hot path. The keyset queries are each served by an index (see V1__create_pet.sql).
 * Runs in the caller's transaction when there is one, else on a connection of its own.
 */
@Singleton
final class PetTable {

    private static final String COLUMNS = "id, name, category_id, status";
    private static final String INSERT = "INSERT INTO pet (name, category_id, status) VALUES (?, ?, ?) RETURNING " + COLUMNS;
    private static final String FIND = "SELECT " + COLUMNS + " FROM pet WHERE id = ?";
    private static final String LIST_AFTER = "SELECT " + COLUMNS + " FROM pet WHERE id > ? ORDER BY id LIMIT ?";
    private static final String LIST_WITH_STATUS_AFTER =
            "SELECT " + COLUMNS + " FROM pet WHERE status = ? AND id > ? ORDER BY id LIMIT ?";

    private final ConnectionOperations<Connection> connections;

    PetTable(ConnectionOperations<Connection> connections) {
        this.connections = connections;
    }

    Pet insert(NewPet newPet) {
        return write(INSERT, statement -> {
            statement.setString(1, newPet.name().value());
            statement.setLong(2, newPet.categoryId().value());
            String status = newPet.status().map(PetRowMapper::toColumn).orElse(null);
            if (status == null) {
                statement.setNull(3, Types.VARCHAR);
            } else {
                statement.setString(3, status);
            }
            return single(statement).orElseThrow(() -> new IllegalStateException("INSERT ... RETURNING gave no row"));
        });
    }

    Optional<Pet> find(long id) {
        return read(FIND, statement -> {
            statement.setLong(1, id);
            return single(statement);
        });
    }

    List<Pet> listAfter(long after, int limit) {
        return read(LIST_AFTER, statement -> {
            statement.setLong(1, after);
            statement.setInt(2, limit);
            return all(statement, limit);
        });
    }

    List<Pet> listWithStatusAfter(String status, long after, int limit) {
        return read(LIST_WITH_STATUS_AFTER, statement -> {
            statement.setString(1, status);
            statement.setLong(2, after);
            statement.setInt(3, limit);
            return all(statement, limit);
        });
    }

    private <R> R read(String sql, Statements.StatementWork<R> work) {
        return connections.executeRead(status -> Statements.run(status.getConnection(), sql, work));
    }

    private <R> R write(String sql, Statements.StatementWork<R> work) {
        return connections.executeWrite(status -> Statements.run(status.getConnection(), sql, work));
    }

    private static Optional<Pet> single(PreparedStatement statement) throws SQLException {
        try (ResultSet rows = statement.executeQuery()) {
            return rows.next() ? Optional.of(PetRowMapper.toPet(rows)) : Optional.empty();
        }
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
