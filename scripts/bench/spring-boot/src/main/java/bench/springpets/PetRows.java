package bench.springpets;

import bench.springpets.Pets.NewPet;
import bench.springpets.Pets.Pet;
import bench.springpets.Pets.PetStatus;
import java.util.List;
import java.util.Optional;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The service's statements on JdbcClient: keyset pages of limit + 1 rows, a pet by id, an insert. The
 * cache annotations only act under the {@code cached} profile ({@link CachedProfile} enables caching).
 */
@Component
class PetRows {

    /** A page's query: the first page is the one without a cursor ({@code after == 0}). */
    record PageQuery(int limit, PetStatus status, long after) {
    }

    /** Published once a pet is stored, before its 201 is sent. */
    record PetAdded(Pet pet) {
    }

    private static final String SELECT = "SELECT id, name, category_id, status FROM pet ";

    private final JdbcClient jdbc;
    private final ApplicationEventPublisher events;

    PetRows(JdbcClient jdbc, ApplicationEventPublisher events) {
        this.jdbc = jdbc;
        this.events = events;
    }

    /** Up to {@code limit + 1} pets after {@code after}: the extra one says a next page exists. */
    @Cacheable(cacheNames = CachedProfile.PAGES, condition = "#query.after() == 0")
    public List<Pet> page(PageQuery query) {
        JdbcClient.StatementSpec statement = query.status() == null
                ? jdbc.sql(SELECT + "WHERE id > ? ORDER BY id LIMIT ?").params(query.after(), query.limit() + 1)
                : jdbc.sql(SELECT + "WHERE status = ? AND id > ? ORDER BY id LIMIT ?")
                        .params(query.status().name(), query.after(), query.limit() + 1);
        return statement.query(Pet.class).list();
    }

    /** A pet not found is not remembered, so one created a moment later is found at once (as the service does). */
    @Cacheable(cacheNames = CachedProfile.PETS, unless = "#result == null")
    public Optional<Pet> find(long id) {
        return jdbc.sql(SELECT + "WHERE id = ?").param(id).query(Pet.class).optional();
    }

    public Pet add(NewPet pet) {
        Pet created = jdbc.sql("INSERT INTO pet (name, category_id, status) VALUES (?, ?, ?) RETURNING id, name, category_id, status")
                .params(pet.name(), pet.categoryId(), pet.status() == null ? null : pet.status().name())
                .query(Pet.class)
                .single();
        events.publishEvent(new PetAdded(created));
        return created;
    }
}
