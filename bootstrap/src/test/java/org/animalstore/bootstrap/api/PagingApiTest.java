package org.animalstore.bootstrap.api;

import static org.animalstore.bootstrap.support.ApiAssertions.assertError;
import static org.animalstore.bootstrap.support.ApiAssertions.idsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.animalstore.bootstrap.Application;
import org.animalstore.bootstrap.support.ApiClient;
import org.animalstore.bootstrap.support.ApiTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Paging beyond {@code limit}: RFC 8288 next links with an opaque cursor bound to the status filter. */
@MicronautTest(transactional = false, contextBuilder = Application.ServiceContextBuilder.class)
class PagingApiTest extends ApiTestBase {

    private static final Pattern NEXT = Pattern.compile("<(/v1/pets\\?[^>]*)>; rel=\"next\"");

    @Test
    void announces_the_next_page_with_a_link_carrying_limit_status_and_cursor() {
        catalogue.insertPets(12);

        ApiClient.Response response = api.get("/v1/pets?status=sold&limit=2");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Link")).hasValueSatisfying(link ->
                assertThat(link).matches("</v1/pets\\?limit=2&status=sold&cursor=[A-Za-z0-9_-]{35}>; rel=\"next\""));
    }

    @Test
    void the_last_page_has_no_next_link() {
        catalogue.insertPets(5);

        assertThat(api.get("/v1/pets?limit=5").header("Link")).isEmpty();
        assertThat(api.get("/v1/pets?limit=6").header("Link")).isEmpty();
        assertThat(api.get("/v1/pets?limit=4").header("Link")).isPresent();
    }

    @Test
    void following_next_links_visits_every_pet_once_in_id_order() {
        List<Long> ids = catalogue.insertPets(23);

        List<Long> seen = walk("/v1/pets?limit=5");

        assertThat(seen).containsExactlyElementsOf(ids);
    }

    @Test
    void following_next_links_keeps_to_the_status_filter() {
        List<Long> ids = catalogue.insertPets(30);
        List<Long> pending = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            // insertPets gives pet number g the status at (1 + g % 3): "pending" when g % 3 == 1.
            if ((i + 1) % 3 == 1) {
                pending.add(ids.get(i));
            }
        }

        assertThat(walk("/v1/pets?status=pending&limit=3")).containsExactlyElementsOf(pending);
    }

    @Test
    void the_limit_may_change_between_pages() {
        List<Long> ids = catalogue.insertPets(10);
        String cursor = cursorOf(api.get("/v1/pets?limit=3"));

        ApiClient.Response next = api.get("/v1/pets?limit=5&cursor=" + cursor);

        assertThat(idsOf(next)).containsExactlyElementsOf(ids.subList(3, 8));
        assertThat(next.header("Link")).hasValueSatisfying(link -> assertThat(link).startsWith("</v1/pets?limit=5&cursor="));
    }

    @Test
    void a_cursor_of_the_last_full_page_finds_pets_added_later() {
        List<Long> ids = catalogue.insertPets(4);
        String cursor = cursorOf(api.get("/v1/pets?limit=3"));
        assertThat(idsOf(api.get("/v1/pets?limit=3&cursor=" + cursor))).containsExactly(ids.get(3));

        long later = catalogue.add("Later", 1, null);

        assertThat(idsOf(api.get("/v1/pets?limit=3&cursor=" + cursor))).containsExactly(ids.get(3), later);
    }

    @ParameterizedTest
    @ValueSource(strings = {"&status=pending", "", "&status=available"})
    void rejects_a_cursor_used_with_another_status_filter(String otherFilter) {
        catalogue.insertPets(12);
        String cursor = cursorOf(api.get("/v1/pets?status=sold&limit=1"));

        ApiClient.Response response = api.call("GET", "/v1/pets?limit=1&cursor=" + cursor + otherFilter)
                .beyondTheDocument("an opaque cursor: the document cannot say which strings the service issued, or for which filter").send();

        assertError(response, 400, "invalid_cursor");
        assertThat(response.json().get("message").getStringValue()).contains("another status filter");
    }

    @Test
    void rejects_an_altered_cursor() {
        catalogue.insertPets(3);
        String cursor = cursorOf(api.get("/v1/pets?limit=1"));
        // Point the cursor at another pet by changing one character of it.
        String altered = cursor.substring(0, 12) + (cursor.charAt(12) == 'A' ? 'B' : 'A') + cursor.substring(13);

        assertError(api.call("GET", "/v1/pets?limit=1&cursor=" + altered).beyondTheDocument("an opaque cursor: the document cannot say which strings the service issued, or for which filter").send(), 400, "invalid_cursor");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "1", "%00", "%F0%9F%90%B6", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D"})
    void rejects_a_malformed_cursor(String cursor) {
        assertError(api.call("GET", "/v1/pets?cursor=" + cursor).beyondTheDocument("an opaque cursor: the document cannot say which strings the service issued, or for which filter").send(), 400, "invalid_cursor");
    }

    @Test
    void rejects_a_repeated_cursor() {
        catalogue.insertPets(3);
        String cursor = cursorOf(api.get("/v1/pets?limit=1"));

        assertError(api.get("/v1/pets?cursor=" + cursor + "&cursor=" + cursor), 400, "invalid_request");
    }

    @Test
    void sends_no_total_count() {
        catalogue.insertPets(3);

        ApiClient.Response response = api.get("/v1/pets?limit=1");

        assertThat(response.headers().map().keySet()).noneMatch(name -> name.toLowerCase().contains("count"));
    }

    @Test
    void walking_all_pages_while_others_insert_returns_every_pet_of_the_start_exactly_once() throws Exception {
        // given pets that exist before the walk, and writers that keep adding pets throughout it
        List<Long> atStart = catalogue.insertPets(120);
        AtomicBoolean walking = new AtomicBoolean(true);
        AtomicInteger added = new AtomicInteger();
        CountDownLatch writersRunning = new CountDownLatch(3);
        List<Future<?>> writers = new ArrayList<>();
        List<Long> seen;
        int addedAtWalkStart;
        int addedAtWalkEnd;
        try (ExecutorService threads = Executors.newFixedThreadPool(3)) {
            for (int w = 0; w < 3; w++) {
                writers.add(threads.submit(() -> {
                    for (int i = 0; i < 400 && walking.get(); i++) {
                        api.addPet("Concurrent " + i, 1, i % 2 == 0 ? "available" : null);
                        if (added.incrementAndGet() <= 3) {
                            writersRunning.countDown();
                        }
                    }
                    return null;
                }));
            }
            assertThat(writersRunning.await(30, TimeUnit.SECONDS)).as("writers started").isTrue();
            addedAtWalkStart = added.get();

            // when
            seen = walk("/v1/pets?limit=7");
            // (read before the writers are told to stop: what they add afterwards was not added during the walk)
            addedAtWalkEnd = added.get();
            walking.set(false);
            for (Future<?> writer : writers) {
                writer.get(30, TimeUnit.SECONDS);
            }
        }

        // then pets were added while the walk ran, yet it has no duplicates, ascending ids, and every pet of the start exactly once
        assertThat(addedAtWalkEnd).as("pets added while walking").isGreaterThan(addedAtWalkStart);
        assertThat(seen).doesNotHaveDuplicates().isSorted();
        assertThat(seen.stream().filter(atStart::contains).toList()).containsExactlyElementsOf(atStart);
    }

    /** Follows next links from {@code first} to the last page; returns every id seen, in order. */
    private List<Long> walk(String first) {
        List<Long> seen = new ArrayList<>();
        Optional<String> next = Optional.of(first);
        int pages = 0;
        while (next.isPresent()) {
            ApiClient.Response page = api.get(next.get());
            seen.addAll(idsOf(page));
            next = page.header("Link").map(PagingApiTest::nextUri);
            assertThat(++pages).as("pages walked").isLessThan(1000);
        }
        return seen;
    }

    private static String nextUri(String link) {
        Matcher matcher = NEXT.matcher(link);
        assertThat(matcher.matches()).as("next link %s", link).isTrue();
        return matcher.group(1);
    }

    private static String cursorOf(ApiClient.Response response) {
        String uri = nextUri(response.header("Link").orElseThrow(() -> new AssertionError("no next link: " + response)));
        return uri.substring(uri.indexOf("cursor=") + "cursor=".length());
    }
}
