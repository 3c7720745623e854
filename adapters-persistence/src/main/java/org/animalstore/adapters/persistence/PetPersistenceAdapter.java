package org.animalstore.adapters.persistence;

import io.micronaut.data.connection.ConnectionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.model.PetStatus;
import org.animalstore.domain.port.out.AddPetPort;
import org.animalstore.domain.port.out.LoadPetsPort;

/**
 * The catalogue's storage ports in SQL PostgreSQL and MariaDB both speak (docs/persistence-adapters.md), statuses
 * stored as the lowercase names the CHECK constraint allows. With a read replica, reads go to it while it is
 * fresh, a pet it lacks is looked for on the primary, and a create returns once the replica shows it.
 */
@Singleton
public class PetPersistenceAdapter implements LoadPetsPort, AddPetPort {

    private static final String COLUMNS = "id, name, category_id, status";
    // The hint runs on MariaDB only (PostgreSQL sees a comment): left alone, 10.11 walked every earlier pet of the status.
    public static final String LIST_WITH_STATUS_AFTER = "SELECT " + COLUMNS
            + " FROM pet /*M! FORCE INDEX (pet_status_id_idx) */ WHERE status = ? AND id > ? ORDER BY id LIMIT ?";
    // One Optional per status for every pet read: pets are kept in memory in their hundreds of thousands.
    private static final Optional<PetStatus> AVAILABLE = Optional.of(PetStatus.AVAILABLE);
    private static final Optional<PetStatus> PENDING = Optional.of(PetStatus.PENDING);
    private static final Optional<PetStatus> SOLD = Optional.of(PetStatus.SOLD);
    // Catalogues have few categories: one CategoryId each for the first ones, as for the statuses above.
    private static final CategoryId[] FIRST_CATEGORIES = LongStream.rangeClosed(1, 1024).mapToObj(CategoryId::new).toArray(CategoryId[]::new);

    private final ConnectionOperations<Connection> connections;
    private final Optional<ReadReplica> replica;

    PetPersistenceAdapter(ConnectionOperations<Connection> connections, Optional<ReadReplica> replica) {
        this.connections = connections;
        this.replica = replica;
    }

    /** One transaction and one statement for the whole group; with a replica, returns once it shows them. */
    @Override
    public List<Pet> addPets(List<NewPet> newPets) {
        List<Pet> added = StorageFailures.translated(() -> connections.executeWrite(status -> insert(status.getConnection(), newPets)));
        awaitReplica();
        return added;
    }

    /** Returns once the read replica, if any, shows what has been committed so far. */
    void awaitReplica() {
        replica.ifPresent(ReadReplica::awaitReplay);
    }

    @Override
    public Optional<Pet> loadPet(PetId id) {
        Function<Connection, Optional<Pet>> find = connection -> find(connection, id.value());
        return replica.flatMap(copy -> copy.read(find)).flatMap(found -> found).or(() -> onPrimary(find));
    }

    @Override
    public List<Pet> loadPets(PetQuery query, int maxResults) {
        long after = query.after().map(PetId::value).orElse(0L);
        Function<Connection, List<Pet>> page = connection -> list(connection, query.status(), after, maxResults);
        return replica.flatMap(copy -> copy.read(page)).orElseGet(() -> onPrimary(page));
    }

    private <R> R onPrimary(Function<Connection, R> read) {
        return StorageFailures.translated(() -> connections.executeRead(status -> read.apply(status.getConnection())));
    }

    /** One statement (MariaDB 10.5 on has RETURNING); ids are numbered in VALUES order, so sorted they match the pets. */
    List<Pet> insert(Connection connection, List<NewPet> newPets) {
        Object[] values = newPets.stream().flatMap(newPet -> Stream.of(newPet.name().value(), newPet.categoryId().value(),
                newPet.status().map(PetPersistenceAdapter::column).orElse(null))).toArray();
        List<Long> ids = Statements.query(connection, "INSERT INTO pet (name, category_id, status) VALUES (?, ?, ?)"
                + ", (?, ?, ?)".repeat(newPets.size() - 1) + " RETURNING id", row -> row.getLong(1), values).stream().sorted().toList();
        if (ids.size() != newPets.size()) {
            throw new IllegalStateException("the insert of " + newPets.size() + " pets returned " + ids.size() + " ids");
        }
        return IntStream.range(0, ids.size()).mapToObj(i -> newPets.get(i).withId(new PetId(ids.get(i)))).toList();
    }

    Optional<Pet> find(Connection connection, long id) {
        return Statements.query(connection, "SELECT " + COLUMNS + " FROM pet WHERE id = ?", PetPersistenceAdapter::pet, id).stream().findFirst();
    }

    /** Up to {@code limit} pets with ids above {@code after}, of one status or of any. */
    List<Pet> list(Connection connection, Optional<PetStatus> status, long after, int limit) {
        return status.isEmpty()
                ? Statements.query(connection, "SELECT " + COLUMNS + " FROM pet WHERE id > ? ORDER BY id LIMIT ?", PetPersistenceAdapter::pet, after, limit)
                : Statements.query(connection, LIST_WITH_STATUS_AFTER, PetPersistenceAdapter::pet, column(status.get()), after, limit);
    }

    static String column(PetStatus status) {
        return status.name().toLowerCase(Locale.ROOT);
    }

    /** The pet in the current row of {@value #COLUMNS}. */
    private static Pet pet(ResultSet row) throws SQLException {
        long category = row.getLong(3);
        return new Pet(new PetId(row.getLong(1)), new PetName(row.getString(2)),
                category >= 1 && category <= FIRST_CATEGORIES.length ? FIRST_CATEGORIES[(int) category - 1] : new CategoryId(category),
                status(row.getString(4)));
    }

    private static Optional<PetStatus> status(String column) {
        return switch (column) {
            case null -> Optional.empty();
            case "available" -> AVAILABLE;
            case "pending" -> PENDING;
            case "sold" -> SOLD;
            default -> throw new IllegalStateException("Unknown status in the pet table: " + column);
        };
    }
}
