package org.animalstore.application;

import java.util.List;
import java.util.Optional;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.Pet;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetPage;
import org.animalstore.domain.model.PetQuery;
import org.animalstore.domain.port.in.AddPetUseCase;
import org.animalstore.domain.port.in.GetPetUseCase;
import org.animalstore.domain.port.in.ListPetsUseCase;
import org.animalstore.domain.port.out.AddPetPort;
import org.animalstore.domain.port.out.LoadPetsPort;

/** The catalogue's use cases on top of whichever storage the ports are given. */
public record PetCatalogueService(LoadPetsPort loadPets, AddPetPort addPet) implements ListPetsUseCase, AddPetUseCase, GetPetUseCase {

    @Override
    public PetPage listPets(PetQuery query) {
        // One row more than asked tells whether a next page exists, without counting.
        List<Pet> pets = loadPets.loadPets(query, query.limit() + 1);
        return pets.size() <= query.limit()
                ? new PetPage(pets, Optional.empty())
                : new PetPage(pets.subList(0, query.limit()), Optional.of(pets.get(query.limit() - 1).id()));
    }

    @Override
    public List<Pet> addPets(List<NewPet> newPets) {
        return newPets.isEmpty() ? List.of() : addPet.addPets(List.copyOf(newPets));
    }

    @Override
    public Optional<Pet> getPet(PetId id) {
        return loadPets.loadPet(id);
    }
}
