package org.animalstore.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.inject.Inject;
import javax.sql.DataSource;
import org.animalstore.domain.port.out.ShareRequestCountsContract;
import org.animalstore.domain.port.out.ShareRequestCountsPort;
import org.junit.jupiter.api.Test;

/** The request-count contract on a real database with the schema Flyway builds. Each database's subclass names its environment. */
public abstract class SqlShareRequestCountsTest extends ShareRequestCountsContract {

    @Inject
    protected ShareRequestCountsPort adapter;

    @Inject
    protected DataSource dataSource;

    @Override
    protected ShareRequestCountsPort counts() {
        return adapter;
    }

    @Override
    protected void emptyTheStore() {
        new TestSql(dataSource).execute("DELETE FROM request_count");
    }

    @Test
    void database_rejects_a_negative_count() {
        assertThatThrownBy(() -> new TestSql(dataSource).execute(
                "INSERT INTO request_count (window_start, client, instance, requests) VALUES (0, 'key-1', 'a', -1)"))
                .hasMessageContaining("request_count_not_negative");
    }
}
