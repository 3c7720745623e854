package org.animalstore.bootstrap.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.atlassian.oai.validator.report.MessageResolver;
import com.atlassian.oai.validator.report.SimpleValidationReportFormat;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.bootstrap.support.OpenApiContract;
import org.animalstore.domain.model.IdempotencyKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The generated OpenAPI document says what the specification says, in the shape client generators need. */
class OpenApiDocumentTest {

    private static final OpenAPI API = OpenApiContract.instance().document();

    @Test
    void is_openapi_3_0_at_version_1_0_0() {
        assertThat(API.getOpenapi()).startsWith("3.0.");
        assertThat(API.getInfo().getVersion()).isEqualTo("1.0.0");
        assertThat(API.getInfo().getTitle()).isEqualTo("Animal Store Service");
    }

    @Test
    void lists_the_serving_instance_first_then_production_and_staging_as_base_addresses_with_v1() {
        assertThat(API.getServers().getFirst().getUrl()).as("relative: the host that serves the document").isEqualTo("/v1");
        assertThat(API.getServers()).extracting(Server::getDescription).endsWith("Production", "Staging");
        assertThat(API.getServers().subList(1, 3)).extracting(Server::getUrl).allSatisfy(url -> {
            assertThat(url).matches("https://[^/]+/v1");
        });
        assertThat(API.getPaths().keySet()).containsExactlyInAnyOrder("/pets", "/pets/{petId}");
    }

    @Test
    void names_a_contact_and_the_licence() {
        assertThat(API.getInfo().getContact().getUrl()).startsWith("https://");
        assertThat(API.getInfo().getContact().getEmail()).contains("@");
        assertThat(API.getInfo().getLicense().getName()).isEqualTo("Apache-2.0");
    }

    @Test
    void leaves_enum_constant_names_to_client_generators() {
        assertThat(API.getComponents().getSchemas().get("PetStatus").getExtensions()).isNullOrEmpty();
    }

    @Test
    void names_each_operation_as_the_specification_does() {
        assertThat(operationIds()).containsExactlyInAnyOrderEntriesOf(Map.of(
                "GET /pets", "listPets",
                "HEAD /pets", "listPetsHead",
                "POST /pets", "createPet",
                "GET /pets/{petId}", "getPet"));
    }

    @Test
    void deprecates_get_pet_with_its_removal_date_and_replacement() {
        Operation getPet = operation("GET", "/pets/{petId}");

        assertThat(getPet.getDeprecated()).isTrue();
        assertThat(getPet.getDescription()).contains("5 December 2030", "`GET /v1/pets`", "`status` filter");
        assertThat(operations()).filteredOn(operation -> operation != getPet)
                .allSatisfy(operation -> assertThat(operation.getDeprecated()).isNotEqualTo(Boolean.TRUE));
    }

    @Test
    void requires_one_bearer_scheme_on_every_operation() {
        assertThat(API.getComponents().getSecuritySchemes()).hasSize(1).hasEntrySatisfying("apiKey", scheme -> {
            assertThat(scheme.getType()).isEqualTo(SecurityScheme.Type.HTTP);
            assertThat(scheme.getScheme()).isEqualTo("bearer");
        });
        SecurityRequirement apiKey = new SecurityRequirement().addList("apiKey");
        assertThat(API.getSecurity()).containsExactly(apiKey);
        assertThat(operations()).allSatisfy(operation -> assertThat(operation.getSecurity()).containsExactly(apiKey));
    }

    @Test
    void bounds_limit_from_1_to_100_with_default_20() {
        Parameter limit = parameter(operation("GET", "/pets"), "limit");

        assertThat(limit.getIn()).isEqualTo("query");
        assertThat(limit.getRequired()).isNotEqualTo(Boolean.TRUE);
        assertThat(limit.getSchema().getType()).isEqualTo("integer");
        assertThat(limit.getSchema().getMinimum()).isEqualByComparingTo(BigDecimal.ONE);
        assertThat(limit.getSchema().getMaximum()).isEqualByComparingTo(BigDecimal.valueOf(100));
        assertThat(limit.getSchema().getDefault()).isEqualTo(20);
    }

    @Test
    void filters_by_an_optional_pet_status() {
        Parameter status = parameter(operation("GET", "/pets"), "status");

        assertThat(status.getIn()).isEqualTo("query");
        assertThat(status.getRequired()).isNotEqualTo(Boolean.TRUE);
        assertThat(status.getSchema().get$ref()).isEqualTo("#/components/schemas/PetStatus");
    }

    @Test
    void takes_pet_id_as_a_required_int64_path_parameter() {
        Parameter petId = parameter(operation("GET", "/pets/{petId}"), "petId");

        assertThat(petId.getIn()).isEqualTo("path");
        assertThat(petId.getRequired()).isTrue();
        assertThat(petId.getSchema().getType()).isEqualTo("integer");
        assertThat(petId.getSchema().getFormat()).isEqualTo("int64");
    }

    @Test
    void enumerates_the_pet_statuses() {
        Schema<?> status = schema("PetStatus");

        assertThat(status.getType()).isEqualTo("string");
        assertThat(List.<Object>copyOf(status.getEnum())).containsExactly("available", "pending", "sold");
    }

    @Test
    void requires_name_and_category_of_a_new_pet() {
        Schema<?> newPet = schema("NewPet");

        assertThat(newPet.getRequired()).containsExactlyInAnyOrder("name", "categoryId");
        assertThat(newPet.getProperties()).containsOnlyKeys("name", "categoryId", "status");
        assertName(newPet.getProperties().get("name"));
        assertPositiveInt64(newPet.getProperties().get("categoryId"));
        assertOptionalStatus(newPet.getProperties().get("status"));
    }

    @Test
    void requires_id_name_and_category_of_a_pet() {
        Schema<?> pet = schema("Pet");

        assertThat(pet.getRequired()).containsExactlyInAnyOrder("id", "name", "categoryId");
        assertThat(pet.getProperties()).containsOnlyKeys("id", "name", "categoryId", "status");
        assertPositiveInt64(pet.getProperties().get("id"));
        assertName(pet.getProperties().get("name"));
        assertPositiveInt64(pet.getProperties().get("categoryId"));
        assertOptionalStatus(pet.getProperties().get("status"));
    }

    @Test
    void lists_pets_as_an_array_of_pet() {
        Schema<?> pets = schema("Pets");

        assertThat(pets.getType()).isEqualTo("array");
        assertThat(pets.getItems().get$ref()).isEqualTo("#/components/schemas/Pet");
        assertThat(jsonBody(operation("GET", "/pets").getResponses().get("200")).getSchema().get$ref())
                .isEqualTo("#/components/schemas/Pets");
    }

    @Test
    void documents_every_error_code_in_the_error_schema() {
        Schema<?> error = schema("Error");
        List<String> codes = Arrays.stream(ErrorCode.values()).map(ErrorCode::code).toList();

        assertThat(error.getRequired()).containsExactlyInAnyOrder("code", "message", "status");
        assertThat(List.<Object>copyOf(error.getProperties().get("code").getEnum())).containsExactlyInAnyOrderElementsOf(codes);
        assertThat(error.getProperties().get("code").getDescription()).contains(codes.stream().map(code -> "`" + code + "`").toList());
        assertThat(error.getProperties().get("status").getType()).isEqualTo("integer");
    }

    static Stream<Arguments> responses_of_each_operation() {
        return Stream.of(
                Arguments.of("GET", "/pets", List.of("200", "400", "401", "403", "406", "408", "414", "429", "431", "500", "503")),
                Arguments.of("POST", "/pets", List.of("201", "400", "401", "403", "406", "408", "409", "413", "414", "415", "422", "429", "431", "500", "503")),
                Arguments.of("GET", "/pets/{petId}", List.of("200", "400", "401", "403", "404", "406", "408", "410", "414", "429", "431", "500", "503")));
    }

    @ParameterizedTest
    @MethodSource("responses_of_each_operation")
    void documents_every_response_an_operation_gives_and_errors_with_the_error_body(String method, String path, List<String> statuses) {
        Map<String, ApiResponse> responses = operation(method, path).getResponses();

        assertThat(responses.keySet()).containsExactlyInAnyOrderElementsOf(statuses);
        responses.forEach((status, response) -> {
            assertThat(response.getContent()).as("content of %s", status).containsOnlyKeys("application/json");
            if (status.startsWith("4") || status.startsWith("5")) {
                assertThat(jsonBody(response).getSchema().get$ref()).as("schema of %s", status).isEqualTo("#/components/schemas/Error");
            }
        });
        assertThat(responses.get("401").getHeaders()).containsKey("WWW-Authenticate");
    }

    @Test
    void documents_the_location_of_a_created_pet_and_when_to_retry() {
        assertThat(operation("POST", "/pets").getResponses().get("201").getHeaders().get("Location").getRequired()).isTrue();
        assertThat(Stream.of(operation("GET", "/pets"), operation("POST", "/pets"), operation("GET", "/pets/{petId}")))
                .allSatisfy(operation -> assertThat(operation.getResponses().get("503").getHeaders()).containsKey("Retry-After"));
    }

    @Test
    void takes_a_required_json_new_pet() {
        var body = operation("POST", "/pets").getRequestBody();

        assertThat(body.getRequired()).isTrue();
        assertThat(body.getContent()).containsOnlyKeys("application/json");
        assertThat(body.getContent().get("application/json").getSchema().get$ref()).isEqualTo("#/components/schemas/NewPet");
    }

    @Test
    void declares_head_on_the_listing_with_the_listings_parameters_and_no_content() {
        Operation head = operation("HEAD", "/pets");

        Operation list = operation("GET", "/pets");

        assertThat(head.getParameters()).extracting(Parameter::getName).containsExactlyElementsOf(
                list.getParameters().stream().map(Parameter::getName).toList());
        for (String name : List.of("limit", "status")) {
            assertThat(Json.pretty(parameter(head, name))).as(name).isEqualTo(Json.pretty(parameter(list, name)));
        }
        assertThat(head.getResponses()).allSatisfy((status, response) -> assertThat(response.getContent()).isNull());
    }

    @Test
    void declares_x_request_id_on_every_request_and_every_response() {
        assertThat(operations()).allSatisfy(operation -> {
            assertThat(operation.getParameters()).map(OpenApiDocumentTest::resolved).anySatisfy(parameter -> {
                assertThat(parameter.getName()).isEqualTo("X-Request-Id");
                assertThat(parameter.getIn()).isEqualTo("header");
                assertThat(parameter.getRequired()).isNotEqualTo(Boolean.TRUE);
            });
            assertThat(operation.getResponses()).allSatisfy((status, response) -> assertThat(response.getHeaders()).as("headers of %s", status)
                    .hasEntrySatisfying("X-Request-Id", header -> assertThat(resolved(header).getRequired()).isTrue()));
        });
    }

    @Test
    void declares_the_deprecation_headers_on_every_answer_of_the_deprecated_operation_after_authentication() {
        Map<String, ApiResponse> responses = operation("GET", "/pets/{petId}").getResponses();

        for (String status : List.of("200", "400", "404", "406", "410", "503")) {
            assertThat(responses.get(status).getHeaders()).as("headers of %s", status).allSatisfy((name, header) -> {
                if (List.of("Deprecation", "Sunset", "Link").contains(name)) {
                    assertThat(resolved(header).getRequired()).as("%s on %s", name, status).isTrue();
                }
            }).containsKeys("Deprecation", "Sunset", "Link");
        }
    }

    @Test
    void bounds_the_idempotency_key_as_the_service_reads_it_bare_or_quoted_with_escapes() {
        Schema<?> key = parameter(operation("POST", "/pets"), "Idempotency-Key").getSchema();

        assertThat(key.getMinLength()).isEqualTo(1);
        assertThat(key.getMaxLength()).as("255 characters, each escaped, in quotes").isEqualTo(2 + 2 * IdempotencyKey.MAX_LENGTH);
        assertThat(key.getPattern()).isNotBlank();
    }

    @Test
    void gives_examples_that_match_their_schemas() {
        SchemaValidator validator = new SchemaValidator(API, new MessageResolver());
        List<String> checked = new ArrayList<>();
        List<String> violations = new ArrayList<>();
        examples().forEach((where, example) -> {
            checked.add(where);
            ValidationReport report = validator.validate(Json.pretty(example.value()), example.schema(), "example");
            if (report.hasErrors()) {
                violations.add(where + ": " + SimpleValidationReportFormat.getInstance().apply(report));
            }
        });

        assertThat(violations).isEmpty();
        assertThat(checked).as("examples found").hasSizeGreaterThan(20);
    }

    private record Example(Object value, Schema<?> schema) {
    }

    /** Every example of a request or response body, and every schema-level example, with the schema it illustrates. */
    private static Map<String, Example> examples() {
        Map<String, Example> examples = new LinkedHashMap<>();
        API.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
            if (operation.getRequestBody() != null) {
                operation.getRequestBody().getContent().forEach((type, media) ->
                        addExamples(examples, method + " " + path + " request", media));
            }
            operation.getResponses().forEach((status, response) -> {
                if (response.getContent() != null) {
                    response.getContent().forEach((type, media) -> addExamples(examples, method + " " + path + " " + status, media));
                }
            });
        }));
        API.getComponents().getSchemas().forEach((name, schema) -> {
            if (schema.getExample() != null) {
                examples.put("schema " + name, new Example(schema.getExample(), schema));
            }
        });
        return examples;
    }

    private static void addExamples(Map<String, Example> examples, String where, MediaType media) {
        if (media.getExamples() != null) {
            media.getExamples().forEach((name, example) -> examples.put(where + " " + name, new Example(example.getValue(), media.getSchema())));
        }
        if (media.getExample() != null) {
            examples.put(where, new Example(media.getExample(), media.getSchema()));
        }
    }

    private static void assertName(Schema<?> name) {
        assertThat(name.getType()).isEqualTo("string");
        assertThat(name.getMinLength()).isEqualTo(1);
        assertThat(name.getMaxLength()).isEqualTo(100);
    }

    private static void assertPositiveInt64(Schema<?> schema) {
        assertThat(schema.getType()).isEqualTo("integer");
        assertThat(schema.getFormat()).isEqualTo("int64");
        assertThat(schema.getMinimum()).isEqualByComparingTo(BigDecimal.ONE);
    }

    /** Optional (checked by the caller) and never null: omitted when absent. */
    private static void assertOptionalStatus(Schema<?> status) {
        assertThat(status.getNullable()).isNotEqualTo(Boolean.TRUE);
        String ref = status.get$ref() != null ? status.get$ref() : status.getAllOf().getFirst().get$ref();
        assertThat(ref).isEqualTo("#/components/schemas/PetStatus");
    }

    /** A header or parameter declared once under components and referred to. */
    private static Header resolved(Header header) {
        return header.get$ref() == null ? header : API.getComponents().getHeaders().get(header.get$ref().substring(header.get$ref().lastIndexOf('/') + 1));
    }

    private static Parameter resolved(Parameter parameter) {
        return parameter.get$ref() == null ? parameter
                : API.getComponents().getParameters().get(parameter.get$ref().substring(parameter.get$ref().lastIndexOf('/') + 1));
    }

    private static MediaType jsonBody(ApiResponse response) {
        return response.getContent().get("application/json");
    }

    private static Schema<?> schema(String name) {
        return API.getComponents().getSchemas().get(name);
    }

    private static Operation operation(String method, String path) {
        PathItem item = API.getPaths().get(path);
        assertThat(item).as("path %s", path).isNotNull();
        Operation operation = item.readOperationsMap().get(PathItem.HttpMethod.valueOf(method));
        assertThat(operation).as("%s %s", method, path).isNotNull();
        return operation;
    }

    private static List<Operation> operations() {
        return API.getPaths().values().stream().flatMap(item -> item.readOperations().stream()).toList();
    }

    private static Map<String, String> operationIds() {
        Map<String, String> ids = new LinkedHashMap<>();
        API.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) ->
                ids.put(method + " " + path, operation.getOperationId())));
        return ids;
    }

    private static Parameter parameter(Operation operation, String name) {
        return operation.getParameters().stream().filter(parameter -> name.equals(parameter.getName())).findFirst().orElseThrow();
    }
}
