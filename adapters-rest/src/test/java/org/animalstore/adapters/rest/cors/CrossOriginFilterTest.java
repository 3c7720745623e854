package org.animalstore.adapters.rest.cors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Origins compare as browsers send them (RFC 6454 serialization), whatever way the operator wrote them. */
class CrossOriginFilterTest {

    private static CrossOriginFilter allowing(String... listed) {
        return new CrossOriginFilter(List.of(listed), "https://pets.animalstore.example/v1");
    }

    @ParameterizedTest(name = "configured {0}, browser sends {1}")
    @CsvSource({
            "https://app.example.org:443, https://app.example.org",
            "http://app.example.org:80, http://app.example.org",
            "HTTPS://App.Example.ORG, https://app.example.org",
            "https://app.example.org/, https://app.example.org",
            "https://app.example.org:8443, https://app.example.org:8443",
            "http://localhost:3000/, http://localhost:3000",
            "http://[::1]:8080, http://[::1]:8080"})
    void allows_the_origin_a_browser_sends_for_a_configured_one(String configured, String sent) {
        assertThat(allowing(configured).allows(sent)).isTrue();
    }

    @ParameterizedTest(name = "configured {0}, browser sends {1}")
    @CsvSource({
            "https://app.example.org, http://app.example.org",
            "https://app.example.org, https://app.example.org:8443",
            "https://app.example.org:8443, https://app.example.org",
            "http://app.example.org:443, http://app.example.org",
            "https://app.example.org, https://app.example.org.evil.example",
            "https://app.example.org, null",
            "https://app.example.org, https://app.example.org/path"})
    void refuses_any_other_origin(String configured, String sent) {
        assertThat(allowing(configured).allows(sent)).isFalse();
    }

    @Test
    void compares_an_origin_sent_with_its_default_port_or_in_capitals_as_the_browser_form() {
        assertThat(allowing("https://app.example.org").allows("HTTPS://APP.example.org:443")).isTrue();
    }

    @Test
    void always_allows_the_services_own_origin_written_with_its_default_port() {
        CrossOriginFilter origins = new CrossOriginFilter(List.of(), "https://Pets.Animalstore.Example:443/v1");

        assertThat(origins.allows("https://pets.animalstore.example")).isTrue();
        assertThat(origins.allows("https://app.example.org")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://app.example.org", "http://localhost:1234", "null"})
    void a_star_allows_any_origin(String sent) {
        assertThat(allowing("*").allows(sent)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"app.example.org", "https://app.example.org/ui", "ftp://app.example.org", "https://", "https://user@app.example.org",
            "https://app.example.org?x=1", "https://app.example.org#top"})
    void refuses_to_start_with_an_entry_that_is_not_an_origin(String entry) {
        assertThatThrownBy(() -> allowing(entry)).hasMessageContaining("PETSTORE_CORS_ALLOWED_ORIGINS entries must be origins");
    }
}
