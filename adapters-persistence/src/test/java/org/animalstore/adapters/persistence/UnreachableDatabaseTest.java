package org.animalstore.adapters.persistence;

import org.animalstore.domain.port.out.AddPetOncePort;
import org.animalstore.domain.port.out.AddPetPort;
import org.animalstore.domain.port.out.ForgetExpiredIdempotencyKeysPort;
import org.animalstore.domain.port.out.LoadPetsPort;
import org.animalstore.domain.port.out.ShareRequestCountsPort;
import org.animalstore.domain.port.out.StorageUnavailableContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;

/** The unavailable-storage contract on each database, reached at loopback port 9 where nothing listens. */
class UnreachableDatabaseTest {

    @Nested
    class PostgreSql extends OnUnreachable {
        PostgreSql() {
            super("jdbc:postgresql://127.0.0.1:9/test");
        }
    }

    @Nested
    class MariaDb extends OnUnreachable {
        MariaDb() {
            super("jdbc:mariadb://127.0.0.1:9/test");
        }
    }

    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    abstract static class OnUnreachable extends StorageUnavailableContract {

        private final String url;
        private OtherInstance instance;

        OnUnreachable(String url) {
            this.url = url;
        }

        @BeforeAll
        void start() {
            instance = OtherInstance.unreachable(url);
        }

        @AfterAll
        void stop() {
            instance.close();
        }

        @Override
        protected LoadPetsPort unreachableLoadPets() {
            return instance.bean(LoadPetsPort.class);
        }

        @Override
        protected AddPetPort unreachableAddPet() {
            return instance.bean(AddPetPort.class);
        }

        @Override
        protected AddPetOncePort unreachableAddPetOnce() {
            return instance.bean(AddPetOncePort.class);
        }

        @Override
        protected ForgetExpiredIdempotencyKeysPort unreachableKeyExpiry() {
            return instance.bean(ForgetExpiredIdempotencyKeysPort.class);
        }

        @Override
        protected ShareRequestCountsPort unreachableRequestCounts() {
            return instance.bean(ShareRequestCountsPort.class);
        }
    }
}
