package org.animalstore.adapters.persistence.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.animalstore.adapters.persistence.SqlPetStorageTest;
import org.animalstore.adapters.persistence.TestSql;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetName;
import org.junit.jupiter.api.Test;

/** The storage contract on a real PostgreSQL server, and a group of creates written in one transaction. */
@MicronautTest(transactional = false)
class PostgresPetStorageTest extends SqlPetStorageTest {

    @Test
    void a_group_of_creates_shares_one_transaction_with_ids_in_the_order_given() throws Exception {
        // given five new pets
        List<NewPet> newPets = IntStream.range(0, 5)
                .mapToObj(i -> new NewPet(new PetName("Pet " + i), new CategoryId(i + 1), Optional.empty())).toList();

        // when they are added as one group
        List<Pet> added = adapter.addPets(newPets);

        // then each got its own pet, ids increase in the order given, and one transaction wrote them
        assertThat(added).extracting(pet -> pet.name().value()).containsExactly("Pet 0", "Pet 1", "Pet 2", "Pet 3", "Pet 4");
        assertThat(added).extracting(pet -> pet.id().value()).isSorted().doesNotHaveDuplicates();
        try (Connection connection = new TestSql(dataSource).connect(); Statement statement = connection.createStatement();
             ResultSet transactions = statement.executeQuery("SELECT count(DISTINCT xmin::text) FROM pet")) {
            transactions.next();
            assertThat(transactions.getInt(1)).isEqualTo(1);
        }
    }
}
