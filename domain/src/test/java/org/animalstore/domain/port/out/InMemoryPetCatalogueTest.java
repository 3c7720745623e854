package org.animalstore.domain.port.out;

/** The in-memory catalogue honours the storage contract, so application tests built on it mean something. */
class InMemoryPetCatalogueTest extends PetStorageContract<InMemoryPetCatalogue> {

    private final InMemoryPetCatalogue catalogue = new InMemoryPetCatalogue();

    @Override
    protected InMemoryPetCatalogue storage() {
        return catalogue;
    }

    @Override
    protected void emptyTheCatalogue() {
        catalogue.clear();
    }
}
