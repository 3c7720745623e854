package org.animalstore.bootstrap.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** What every error response of the API must look like. */
public final class ApiAssertions {

    private ApiAssertions() {
    }

    /** An Error body {@code {"code","message","status"}} with this status and code, as application/json, leaking nothing. */
    public static void assertError(ApiClient.Response response, int status, String code) {
        assertThat(response.status()).as("status of %s", response).isEqualTo(status);
        assertErrorBody(response, response.header("Content-Type").orElse(null), response.json(), response.text(), status, code);
    }

    /** The same, for a response read off a raw socket. */
    public static void assertError(RawHttp.Response response, int status, String code, JsonMapper json) {
        assertThat(response.status()).as("status of %s", response).isEqualTo(status);
        try {
            assertErrorBody(response, response.header("Content-Type"), json.readValue(response.body(), JsonNode.class), response.body(), status, code);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + response.body(), e);
        }
    }

    private static void assertErrorBody(Object response, String contentType, JsonNode body, String text, int status, String code) {
        assertThat(contentType).as("content type of %s", response).startsWith("application/json");
        assertThat(body.isObject()).as("body of %s", response).isTrue();
        assertThat(body.size()).as("fields of %s", response).isEqualTo(3);
        assertThat(body.get("code").getStringValue()).as("code of %s", response).isEqualTo(code);
        assertThat(body.get("status").getIntValue()).as("status field of %s", response).isEqualTo(status);
        assertThat(body.get("message").getStringValue()).as("message of %s", response).isNotBlank();
        assertThat(text).as("body of %s", response)
                .doesNotContain("Exception", "at org.", "at io.", "io.micronaut", "com.fasterxml", "org.postgresql", "org.mariadb", "SQLState", "jdbc:");
    }

    /** The ids of a 200 response's JSON array of pets, in order. */
    public static List<Long> idsOf(ApiClient.Response response) {
        assertThat(response.status()).as("status of %s", response).isEqualTo(200);
        List<Long> ids = new ArrayList<>();
        for (JsonNode pet : response.json().values()) {
            ids.add(pet.get("id").getLongValue());
        }
        return ids;
    }
}
