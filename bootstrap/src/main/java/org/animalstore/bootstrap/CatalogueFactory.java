package org.animalstore.bootstrap;

import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import org.animalstore.application.PetCatalogueService;
import org.animalstore.domain.port.out.AddPetPort;
import org.animalstore.domain.port.out.LoadPetsPort;

/** Wires the framework-free application layer to whichever storage adapter is on the classpath. */
@Factory
class CatalogueFactory {

    @Singleton
    PetCatalogueService petCatalogue(LoadPetsPort loadPets, AddPetPort addPet) {
        return new PetCatalogueService(loadPets, addPet);
    }
}
