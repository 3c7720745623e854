package bench.springpets;

import bench.springpets.Pets.NewPet;
import bench.springpets.Pets.Pet;
import bench.springpets.Pets.PetStatus;
import bench.springpets.PetRows.PageQuery;
import java.net.URI;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The pets resource: paging with the service's signed cursors and Link headers over {@link PetRows}. */
@RestController
@RequestMapping(path = "/v1/pets", produces = "application/json")
class PetController {

    /** The headers the service puts on every answer of the deprecated GET by id. */
    private static final HttpHeaders DEPRECATED = new HttpHeaders();

    static {
        DEPRECATED.add("Deprecation", "@1795305600");
        DEPRECATED.add("Sunset", "Thu, 05 Dec 2030 00:00:00 GMT");
        DEPRECATED.add(HttpHeaders.LINK, "</v1/pets>; rel=\"successor-version\"");
    }

    private final PetRows rows;
    private final PageCursors cursors;

    PetController(PetRows rows, PageCursors cursors) {
        this.rows = rows;
        this.cursors = cursors;
    }

    @GetMapping
    ResponseEntity<List<Pet>> list(@RequestParam(defaultValue = "20") int limit,
                                   @RequestParam(required = false) PetStatus status,
                                   @RequestParam(required = false) String cursor) {
        if (limit < 1 || limit > 100) {
            throw ApiException.badRequest("limit must be an integer from 1 to 100");
        }
        long after = cursor == null ? 0 : cursors.decode(cursor, status);
        List<Pet> pets = rows.page(new PageQuery(limit, status, after));
        if (pets.size() <= limit) {
            return ResponseEntity.ok(pets);
        }
        List<Pet> page = pets.subList(0, limit);
        String next = "/v1/pets?limit=" + limit + (status == null ? "" : "&status=" + status)
                + "&cursor=" + cursors.encode(page.getLast().id(), status);
        return ResponseEntity.ok().header(HttpHeaders.LINK, "<" + next + ">; rel=\"next\"").body(page);
    }

    @PostMapping(consumes = "application/json")
    ResponseEntity<Pet> create(@RequestBody NewPet pet) {
        Pet created = rows.add(pet);
        return ResponseEntity.created(URI.create("/v1/pets/" + created.id())).body(created);
    }

    @GetMapping("/{petId}")
    ResponseEntity<Pet> get(@PathVariable long petId) {
        return rows.find(petId)
                .map(pet -> ResponseEntity.ok().headers(DEPRECATED).body(pet))
                .orElseThrow(() -> new ApiException(HttpStatus.NOT_FOUND, "not_found", "No pet with id " + petId));
    }
}
