package org.animalstore.adapters.persistence.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.animalstore.adapters.persistence.PetPersistenceAdapter;
import org.animalstore.adapters.persistence.TestSql;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A page of one status costs MariaDB the same few index reads however deep in the catalogue it starts. */
@MicronautTest(environments = "mariadb", transactional = false)
class MariaDbKeysetPagingTest {

    private static final int PETS = 40_000;
    private static final int PAGE = 21;

    @Inject
    DataSource dataSource;

    @BeforeEach
    void fillTheCatalogue() {
        // Four statuses taking turns (one of them none), then fresh statistics, as in a catalogue in use.
        new TestSql(dataSource).execute("DELETE FROM idempotency_key", "DELETE FROM pet",
                "INSERT INTO pet (name, category_id, status) SELECT CONCAT('Pet ', seq), seq, ELT(1 + seq % 4, 'available', 'pending', 'sold', NULL) "
                        + "FROM seq_1_to_" + PETS,
                "ANALYZE TABLE pet");
    }

    @AfterEach
    void emptyTheCatalogue() {
        new TestSql(dataSource).execute("DELETE FROM pet");
    }

    @ParameterizedTest(name = "after {0} of " + PETS)
    @ValueSource(doubles = {0, 0.5, 0.99})
    void a_status_page_reads_a_few_index_entries_per_pet_at_any_depth(double depth) throws SQLException {
        try (Connection connection = new TestSql(dataSource).connect(); Statement status = connection.createStatement()) {
            long first = firstId(status);
            status.execute("FLUSH STATUS");

            int listed = listSold(connection, first + (long) (depth * PETS));

            assertThat(listed).isEqualTo(PAGE);
            assertThat(rowsRead(status)).as("index entries and rows read for a page of %d", PAGE).isLessThanOrEqualTo(4 * PAGE);
        }
    }

    private static int listSold(Connection connection, long after) throws SQLException {
        try (PreparedStatement list = connection.prepareStatement(PetPersistenceAdapter.LIST_WITH_STATUS_AFTER)) {
            list.setString(1, "sold");
            list.setLong(2, after);
            list.setInt(3, PAGE);
            int rows = 0;
            try (ResultSet page = list.executeQuery()) {
                while (page.next()) {
                    rows++;
                }
            }
            return rows;
        }
    }

    /** What the storage engine read for the statements since FLUSH STATUS, entries the pushed-down condition refused included. */
    private static long rowsRead(Statement status) throws SQLException {
        long read = 0;
        try (ResultSet counters = status.executeQuery("SHOW SESSION STATUS WHERE Variable_name IN "
                + "('Handler_read_next', 'Handler_read_rnd_next', 'Handler_icp_attempts')")) {
            while (counters.next()) {
                read += counters.getLong(2);
            }
        }
        return read;
    }

    private static long firstId(Statement status) throws SQLException {
        try (ResultSet min = status.executeQuery("SELECT MIN(id) FROM pet")) {
            min.next();
            return min.getLong(1) - 1;
        }
    }
}
