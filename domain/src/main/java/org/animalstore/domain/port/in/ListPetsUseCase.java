package org.animalstore.domain.port.in;

import java.util.Optional;
import org.animalstore.domain.model.PetPage;
import org.animalstore.domain.model.PetQuery;

/** Lists pets in id order, a page at a time, optionally filtered by status. */
public interface ListPetsUseCase {

    PetPage listPets(PetQuery query);

    /**
     * The page, if it can be answered from memory without waiting on storage, as {@link #listPets} would
     * answer it; empty when only {@link #listPets} can tell. Callers on an event loop use it to avoid a thread hop.
     */
    default Optional<PetPage> rememberedPage(PetQuery query) {
        return Optional.empty();
    }

    /** The page as storage holds it now, never a remembered one: what a client that asks to revalidate gets. */
    default PetPage listStoredPets(PetQuery query) {
        return listPets(query);
    }
}
