package org.animalstore.domain.port.out;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.IdempotencyKey;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.model.RequestCount;
import org.junit.jupiter.api.Test;

/**
 * What every storage adapter must do while its storage is out of reach: each call of each port fails
 * with {@link StorageUnavailableException}, which the service answers with 503 (retry later), never
 * with another exception (a 500). A team extends this class and supplies its adapter set up against
 * storage that cannot be reached, such as a port where nothing listens.
 */
public abstract class StorageUnavailableContract {

    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    private static final NewPet REX = new NewPet(new PetName("Rex"), new CategoryId(1), Optional.empty());

    /** The catalogue's ports of an adapter whose storage is out of reach. */
    protected abstract LoadPetsPort unreachableLoadPets();

    protected abstract AddPetPort unreachableAddPet();

    protected abstract AddPetOncePort unreachableAddPetOnce();

    protected abstract ForgetExpiredIdempotencyKeysPort unreachableKeyExpiry();

    protected abstract ShareRequestCountsPort unreachableRequestCounts();

    @Test
    void loading_a_pet_fails_as_unavailable() {
        assertThatThrownBy(() -> unreachableLoadPets().loadPet(new PetId(1))).isInstanceOf(StorageUnavailableException.class);
    }

    @Test
    void listing_pets_fails_as_unavailable() {
        PetQuery firstPage = new PetQuery(20, Optional.empty(), Optional.empty());

        assertThatThrownBy(() -> unreachableLoadPets().loadPets(firstPage, 21)).isInstanceOf(StorageUnavailableException.class);
    }

    @Test
    void adding_a_pet_fails_as_unavailable() {
        assertThatThrownBy(() -> unreachableAddPet().addPets(List.of(REX))).isInstanceOf(StorageUnavailableException.class);
    }

    @Test
    void adding_a_pet_once_fails_as_unavailable() {
        IdempotencyKey key = new IdempotencyKey("key-1", "order-1");

        assertThatThrownBy(() -> unreachableAddPetOnce().addPetOnce(key, REX, NOW, NOW.plusSeconds(60)))
                .isInstanceOf(StorageUnavailableException.class);
    }

    @Test
    void forgetting_expired_keys_fails_as_unavailable() {
        assertThatThrownBy(() -> unreachableKeyExpiry().forgetExpiredKeys(NOW, 10)).isInstanceOf(StorageUnavailableException.class);
    }

    @Test
    void sharing_request_counts_fails_as_unavailable() {
        assertThatThrownBy(() -> unreachableRequestCounts().share("a", List.of(new RequestCount("key-1", 60, 1)), 0))
                .isInstanceOf(StorageUnavailableException.class);
    }

    @Test
    void forgetting_request_counts_fails_as_unavailable() {
        assertThatThrownBy(() -> unreachableRequestCounts().forgetWindowsBefore(60)).isInstanceOf(StorageUnavailableException.class);
    }
}
