package org.animalstore.bootstrap.support;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.Response;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.MessageResolver;
import com.atlassian.oai.validator.report.SimpleValidationReportFormat;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The OpenAPI document generated at compile time, and the check every end-to-end exchange must pass.
 * Bodies, status codes, parameters and content types are validated strictly; response headers the
 * document does not mention are allowed (documented ones are checked).
 */
public final class OpenApiContract {

    /** Where micronaut-openapi puts the document; the service serves the same bytes. */
    public static final String DOCUMENT_RESOURCE = "META-INF/swagger/animal-store.yml";

    /** The API is everything under this prefix; other paths (documentation, health, ...) are not part of it. */
    private static final String API_PREFIX = "/v1/";

    /** Statuses that say "your request is wrong": never for a request the document calls valid. */
    private static final Set<Integer> REFUSALS = Set.of(400, 406, 415);

    /** The request names no operation of the document. */
    private static final Set<String> OFF_DOCUMENT = Set.of("validation.request.path.missing", "validation.request.operation.notAllowed");

    private static final OpenApiContract INSTANCE = new OpenApiContract(readDocument());

    private final String text;
    private final OpenAPI document;
    private final OpenApiInteractionValidator validator;
    private final SchemaValidator schemas;

    private OpenApiContract(String text) {
        this.text = text;
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(text, null, options);
        if (parsed.getOpenAPI() == null || !parsed.getMessages().isEmpty()) {
            throw new IllegalStateException("The OpenAPI document does not parse: " + parsed.getMessages());
        }
        this.document = parsed.getOpenAPI();
        LevelResolver levels = LevelResolver.create()
                .withDefaultLevel(ValidationReport.Level.ERROR)
                // The document says unknown query parameters and unknown body fields are ignored, so requests with
                // them are valid. Responses stay closed: the service must send no field the document does not describe.
                .withLevel("validation.request.parameter.query.unexpected", ValidationReport.Level.IGNORE)
                .withLevel("validation.request.body.schema.additionalProperties", ValidationReport.Level.IGNORE)
                .build();
        this.validator = OpenApiInteractionValidator.createForInlineApiSpecification(text)
                .withLevelResolver(levels)
                .withStrictOperationPathMatching()
                .build();
        this.schemas = new SchemaValidator(document, new MessageResolver(levels));
    }

    public static OpenApiContract instance() {
        return INSTANCE;
    }

    /** The document as generated (YAML). */
    public String text() {
        return text;
    }

    /** The document, parsed with its references resolved. */
    public OpenAPI document() {
        return document;
    }

    /** Fails with every violation when the exchange disagrees with the document. */
    public void check(Exchange exchange) {
        Request request = exchange.toRequest();
        Response response = exchange.toResponse();
        ValidationReport requestReport = validator.validateRequest(request).merge(untypedBody(exchange));
        boolean offDocument = requestReport.getMessages().stream().anyMatch(message -> OFF_DOCUMENT.contains(message.getKey()));
        if (offDocument) {
            checkOffDocument(exchange, requestReport);
            return;
        }
        ValidationReport responseReport = validator.validateResponse(request.getPath(), request.getMethod(), response);
        if (responseReport.hasErrors()) {
            throw violation(exchange, "the response disagrees with the document", responseReport);
        }
        if (requestReport.hasErrors() && exchange.status() < 400) {
            throw violation(exchange, "the service accepted a request the document calls invalid", requestReport);
        }
        boolean refused = REFUSALS.contains(exchange.status());
        if (exchange.beyondTheDocument() == null) {
            if (!requestReport.hasErrors() && refused) {
                throw violation(exchange, "the service refused a request the document calls valid (if the document cannot"
                        + " express the rule, mark the call with beyondTheDocument)", requestReport);
            }
        } else if (requestReport.hasErrors() || !refused) {
            throw violation(exchange, "the call is marked beyondTheDocument (" + exchange.beyondTheDocument()
                    + "), yet the document " + (refused ? "describes the refusal" : "was not contradicted"), requestReport);
        }
    }

    /**
     * A route the document does not describe. Under the API prefix it must be refused (401, 404, 405, ...)
     * with the Error body; elsewhere (documentation, health) only its errors are the API's business.
     */
    private void checkOffDocument(Exchange exchange, ValidationReport requestReport) {
        boolean api = exchange.path().startsWith(API_PREFIX) || exchange.path().equals("/v1");
        if (api && exchange.status() < 400) {
            throw violation(exchange, "an operation missing from the document answered " + exchange.status(), requestReport);
        }
        if (exchange.status() >= 400) {
            String contentType = exchange.responseHeaders().getOrDefault("content-type", List.of("")).getFirst();
            if (!contentType.startsWith("application/json")) {
                throw violation(exchange, "an error answered " + contentType + " instead of application/json", ValidationReport.empty());
            }
            ValidationReport body = schemas.validate(exchange.responseText(), document.getComponents().getSchemas().get("Error"), "response.body");
            if (body.hasErrors()) {
                throw violation(exchange, "an error body disagrees with the Error schema", body);
            }
        }
    }

    /** A body without Content-Type matches none of the document's media types; the validator would take it for JSON. */
    private static ValidationReport untypedBody(Exchange exchange) {
        boolean untyped = exchange.requestBody() != null && exchange.requestBody().length > 0
                && !exchange.requestHeaders().containsKey("content-type");
        return untyped
                ? ValidationReport.singleton(ValidationReport.Message.create("validation.request.contentType.missing",
                        "A request body is sent without Content-Type").build())
                : ValidationReport.empty();
    }

    private static AssertionError violation(Exchange exchange, String what, ValidationReport report) {
        return new AssertionError("OpenAPI contract violated: " + what + "\n" + exchange
                + "\n" + SimpleValidationReportFormat.getInstance().apply(report));
    }

    private static String readDocument() {
        try (InputStream in = OpenApiContract.class.getClassLoader().getResourceAsStream(DOCUMENT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(DOCUMENT_RESOURCE + " is not on the test classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * One HTTP request and its response, as the client saw them. Header names are lower case.
     * {@code beyondTheDocument} names the rule a deliberately refused request breaks when the document
     * cannot express it (duplicate JSON fields, say); null otherwise.
     */
    public record Exchange(String method, URI uri, Map<String, List<String>> requestHeaders, byte[] requestBody,
                    int status, Map<String, List<String>> responseHeaders, byte[] responseBody, String beyondTheDocument) {

        String path() {
            return uri.getRawPath();
        }

        String responseText() {
            return new String(responseBody, StandardCharsets.UTF_8);
        }

        Request toRequest() {
            var builder = new SimpleRequest.Builder(method, path());
            requestHeaders.forEach((name, values) -> builder.withHeader(name,
                    name.equals("authorization") ? values.stream().map(Exchange::schemeInCanonicalCase).toList() : values));
            if (requestBody != null) {
                builder.withBody(requestBody);
            }
            String query = uri.getRawQuery();
            if (query != null && !query.isEmpty()) {
                for (String pair : query.split("&", -1)) {
                    int equals = pair.indexOf('=');
                    String name = equals < 0 ? pair : pair.substring(0, equals);
                    String value = equals < 0 ? "" : pair.substring(equals + 1);
                    builder.withQueryParam(decode(name), decode(value));
                }
            }
            return builder.build();
        }

        Response toResponse() {
            var builder = new SimpleResponse.Builder(status);
            responseHeaders.forEach(builder::withHeader);
            if (responseBody.length > 0) {
                builder.withBody(responseBody);
            }
            return builder.build();
        }

        /** RFC 9110 (11.1): the scheme name is case-insensitive, but the validator only knows "Bearer". */
        private static String schemeInCanonicalCase(String authorization) {
            return authorization.regionMatches(true, 0, "Bearer ", 0, 7) ? "Bearer " + authorization.substring(7) : authorization;
        }

        private static String decode(String value) {
            return URLDecoder.decode(value, StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return method + " " + uri + " -> " + status + " " + responseText();
        }
    }
}
