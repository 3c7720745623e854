package org.animalstore.domain.port.in;

import org.animalstore.domain.model.PetPage;
import org.animalstore.domain.model.PetQuery;

/** Lists pets in id order, a page at a time, optionally filtered by status. */
public interface ListPetsUseCase {

    PetPage listPets(PetQuery query);
}
