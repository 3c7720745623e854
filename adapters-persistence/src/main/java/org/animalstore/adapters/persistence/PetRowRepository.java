package org.animalstore.adapters.persistence;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.util.List;
import java.util.Optional;

// Keyset queries written out so each one is visibly served by an index (see V1__create_pet.sql).
@JdbcRepository(dialect = Dialect.POSTGRES)
interface PetRowRepository extends GenericRepository<PetRow, Long> {

    PetRow save(PetRow row);

    Optional<PetRow> findById(long id);

    @Query("SELECT id, name, category_id, status FROM pet WHERE id > :after ORDER BY id LIMIT :limit")
    List<PetRow> listAfter(long after, int limit);

    @Query("SELECT id, name, category_id, status FROM pet WHERE status = :status AND id > :after ORDER BY id LIMIT :limit")
    List<PetRow> listWithStatusAfter(String status, long after, int limit);
}
