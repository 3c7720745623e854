package org.animalstore.bootstrap.support;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A plain HTTP client, so end-to-end tests see exactly what any client sees: status, headers, bytes.
 * Every exchange is checked against the OpenAPI document ({@link OpenApiContract}).
 */
public final class ApiClient {

    public static final String KEY = "test-key-primary-0000000001";
    public static final String ROTATED_KEY = "test-key-rotated-0000000002";
    public static final String BEARER = "Bearer " + KEY;

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final URI base;
    private final JsonMapper json;
    private final boolean checkedAgainstTheDocument;

    public ApiClient(URI base, JsonMapper json) {
        this(base, json, true);
    }

    private ApiClient(URI base, JsonMapper json, boolean checkedAgainstTheDocument) {
        this.base = base;
        this.json = json;
        this.checkedAgainstTheDocument = checkedAgainstTheDocument;
    }

    /** A client of a port that is not the API (the management port): the OpenAPI document does not describe it. */
    public static ApiClient outsideTheApi(URI base, JsonMapper json) {
        return new ApiClient(base, json, false);
    }

    /** A request to {@code path}, authenticated with the primary key unless headers say otherwise. */
    public Call call(String method, String path) {
        return new Call(method, path);
    }

    public Response get(String path) {
        return call("GET", path).send();
    }

    public Response postJson(String path, String body) {
        return call("POST", path).header("Content-Type", "application/json").body(body).send();
    }

    /** Adds a pet through the API and returns its id. */
    public long addPet(String name, long categoryId, String statusOrNull) {
        String status = statusOrNull == null ? "" : ",\"status\":\"" + statusOrNull + "\"";
        Response created = postJson("/v1/pets", "{\"name\":\"" + name + "\",\"categoryId\":" + categoryId + status + "}");
        if (created.status() != 201) {
            throw new AssertionError("could not add a pet: " + created);
        }
        return created.json().get("id").getLongValue();
    }

    public final class Call {
        private final HttpRequest.Builder builder;
        private final String method;
        private byte[] body;
        private boolean authorizationSet;
        private String beyondTheDocument;

        private Call(String method, String path) {
            this.method = method;
            this.builder = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(10));
        }

        public Call header(String name, String value) {
            if (name.equalsIgnoreCase("Authorization")) {
                authorizationSet = true;
            }
            builder.header(name, value);
            return this;
        }

        /** Sends no Authorization header at all. */
        public Call anonymous() {
            authorizationSet = true;
            return this;
        }

        /**
         * The request breaks a rule the OpenAPI document cannot express (named here), so the document calls it
         * valid while the service refuses it. Without this, such a refusal fails the contract check.
         */
        public Call beyondTheDocument(String rule) {
            this.beyondTheDocument = rule;
            return this;
        }

        public Call body(String text) {
            return body(text.getBytes(StandardCharsets.UTF_8));
        }

        public Call body(byte[] bytes) {
            this.body = bytes;
            return this;
        }

        public Response send() {
            if (!authorizationSet) {
                builder.header("Authorization", BEARER);
            }
            builder.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
            HttpRequest request = builder.build();
            try {
                HttpResponse<byte[]> response = HTTP.send(request, HttpResponse.BodyHandlers.ofByteArray());
                // Every exchange of every end-to-end test must agree with the published OpenAPI document.
                if (checkedAgainstTheDocument) {
                    OpenApiContract.instance().check(new OpenApiContract.Exchange(method, request.uri(), lowerCaseNames(request.headers()), body,
                        response.statusCode(), lowerCaseNames(response.headers()), response.body(), beyondTheDocument));
                }
                return new Response(response.statusCode(), response.headers(), response.body(), json);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    private static Map<String, List<String>> lowerCaseNames(java.net.http.HttpHeaders headers) {
        Map<String, List<String>> names = new LinkedHashMap<>();
        headers.map().forEach((name, values) -> names.put(name.toLowerCase(Locale.ROOT), values));
        return names;
    }

    public record Response(int status, java.net.http.HttpHeaders headers, byte[] bytes, JsonMapper mapper) {

        public String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }

        public JsonNode json() {
            try {
                return mapper.readValue(bytes, JsonNode.class);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + text(), e);
            }
        }

        public Optional<String> header(String name) {
            return headers.firstValue(name);
        }

        @Override
        public String toString() {
            return status + " " + text();
        }
    }
}
