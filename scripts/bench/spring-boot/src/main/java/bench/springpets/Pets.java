package bench.springpets;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The JSON shapes of the API: the same names the service uses. */
final class Pets {

    private Pets() {
    }

    enum PetStatus { available, pending, sold }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Pet(long id, String name, long categoryId, PetStatus status) {
    }

    /** What POST accepts; checked by hand (the service's rules), so no Bean Validation runtime is needed. */
    record NewPet(String name, Long categoryId, PetStatus status) {

        NewPet {
            if (name == null || categoryId == null) {
                throw ApiException.badRequest("name and categoryId are required");
            }
            if (name.isBlank() || name.codePointCount(0, name.length()) > 100) {
                throw ApiException.badRequest("name must be 1 to 100 characters long and not blank");
            }
            if (categoryId < 1) {
                throw ApiException.badRequest("categoryId must be a positive integer");
            }
        }
    }

    record ErrorBody(String code, String message, int status) {
    }
}
