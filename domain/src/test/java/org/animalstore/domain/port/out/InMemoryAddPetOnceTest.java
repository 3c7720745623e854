package org.animalstore.domain.port.out;

/** The in-memory catalogue honours the add-once contract, so application tests built on it mean something. */
class InMemoryAddPetOnceTest extends AddPetOnceContract {

    private final InMemoryPetCatalogue catalogue = new InMemoryPetCatalogue();

    @Override
    protected AddPetOncePort storage() {
        return catalogue;
    }

    @Override
    protected ForgetExpiredIdempotencyKeysPort keyExpiry() {
        return catalogue;
    }

    @Override
    protected LoadPetsPort pets() {
        return catalogue;
    }

    @Override
    protected void emptyTheStore() {
        catalogue.clear();
    }
}
