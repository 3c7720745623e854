package org.animalstore.adapters.rest.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Requests to the adapter as any HTTP client sends them, and what each of its error answers must be. */
final class AdapterCalls {

    static final String KEY = "adapter-test-key-000000001";

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final JsonMapper JSON = JsonMapper.createDefault();

    private final URI base;

    AdapterCalls(URI base) {
        this.base = base;
    }

    /** A request with the API key; {@code headers} are name, value pairs added to it (or replacing the key). */
    HttpRequest.Builder request(String path, String... headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + KEY);
        for (int i = 0; i < headers.length; i += 2) {
            builder.setHeader(headers[i], headers[i + 1]);
        }
        return builder;
    }

    HttpResponse<String> get(String path) {
        return send(request(path).GET());
    }

    HttpResponse<String> postJson(String body, String... headers) {
        return send(request("/v1/pets", headers).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static JsonNode json(HttpResponse<String> response) {
        try {
            return JSON.readValue(response.body(), JsonNode.class);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + response.body(), e);
        }
    }

    /** The Error body {@code {"code","message","status"}} with this status and code, as application/json; returns the message. */
    static String assertError(HttpResponse<String> response, int status, String code) {
        assertThat(response.statusCode()).as("status of %s", response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        JsonNode error = json(response);
        assertThat(error.size()).as("fields of %s", response.body()).isEqualTo(3);
        assertThat(error.get("code").getStringValue()).isEqualTo(code);
        assertThat(error.get("status").getIntValue()).isEqualTo(status);
        assertThat(error.get("message").getStringValue()).isNotBlank();
        return error.get("message").getStringValue();
    }
}
