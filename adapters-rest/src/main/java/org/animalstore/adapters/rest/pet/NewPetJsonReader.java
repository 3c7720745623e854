package org.animalstore.adapters.rest.pet;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.MediaType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.domain.model.CategoryId;
import org.animalstore.domain.model.NewPet;
import org.animalstore.domain.model.PetName;
import org.animalstore.domain.model.PetStatus;

/**
 * Reads a NewPet body strictly (ADR 0060), with Jackson databind set to coerce nothing: UTF-8 only (RFC 8259,
 * section 8.1), a string is not a number nor a number a string, 1.0 is not an integer, {@code null} is no value,
 * a field given twice at any depth, trailing content and nesting deeper than 64 are refused; unknown fields are
 * ignored. Jackson's exceptions become the API's messages here.
 */
final class NewPetJsonReader {

    /** A shared buffer pool, reused whichever thread reads a pet: Jackson's default pool is per thread, and a virtual thread never reuses one. */
    private static final ObjectReader BODY = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).maxNumberLength(64).build())
                    .recyclerPool(JsonRecyclerPools.sharedConcurrentDequePool())
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build())
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT, DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, DeserializationFeature.WRAP_EXCEPTIONS)
            .withCoercionConfigDefaults(coercion -> coercion.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail).setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .defaultSetterInfo(JsonSetter.Value.forValueNulls(Nulls.FAIL))
            .build().readerFor(Body.class);

    static final String STATUS_VALUES = "status must be one of: available, pending, sold";
    private static final Map<String, String> WRONG_TYPE = Map.of("name", "name must be a string", "categoryId", "categoryId must be an integer",
            "status", STATUS_VALUES);

    /** Fields, not a record, so an absent field stays null while {@code null} is refused; Jackson's enums would accept " sold". */
    @SuppressWarnings("java:S1104")
    static final class Body {
        public String name;
        public Long categoryId;
        public String status;
    }

    private NewPetJsonReader() {
    }

    /** The router lets a request without Content-Type through, and ignores the charset: JSON is UTF-8 (RFC 8259). */
    static void requireJsonInUtf8(Optional<MediaType> contentType) {
        MediaType type = contentType.orElseThrow(
                () -> new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "The request body must be sent as application/json"));
        String charset = type.getParameters().get("charset").map(value -> value.replace("\"", "")).orElse("utf-8");
        if (!charset.equalsIgnoreCase("utf-8")) {
            throw new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "JSON is sent in UTF-8: no other charset is accepted");
        }
    }

    static NewPet read(@Nullable byte[] body) {
        Body pet = bind(body == null ? new byte[0] : body);
        if (pet.name == null) {
            throw ApiException.invalidRequest("name is required");
        }
        if (pet.categoryId == null) {
            throw ApiException.invalidRequest("categoryId is required");
        }
        Optional<PetStatus> status = Optional.ofNullable(pet.status).map(PetStatusValue::parse);
        return new NewPet(PetName.given(pet.name), new CategoryId(pet.categoryId), status);
    }

    /** One JSON object and nothing after it. */
    private static Body bind(byte[] body) {
        try (JsonParser parser = parserOverUtf8(body)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw malformed("The request body is empty: send a JSON object with name and categoryId");
            }
            if (first != JsonToken.START_OBJECT) {
                throw ApiException.invalidRequest("The request body must be a JSON object with name and categoryId");
            }
            Body pet = BODY.readValue(parser);
            if (parser.nextToken() != null) {
                throw malformed("The request body must hold a single JSON object");
            }
            return pet;
        } catch (IOException e) {
            throw refusal(e);
        }
    }

    /** Jackson's exception as the API's message (a field given twice has no exception class of its own). */
    private static ApiException refusal(IOException failure) {
        return switch (failure) {
            case CharacterCodingException _ -> malformed("The request body is not valid UTF-8");
            case MismatchedInputException e -> ApiException.invalidRequest(WRONG_TYPE.get(fieldAt(e)));
            case InputCoercionException _ -> ApiException.invalidRequest("categoryId must be a positive integer of at most 9223372036854775807");
            case JsonProcessingException e when e.getOriginalMessage().startsWith("Duplicate field '") ->
                    ApiException.invalidRequest("field '" + fieldAt(e) + "' appears more than once");
            case JsonProcessingException e when e.getLocation() != null && e.getLocation().getLineNr() > 0 -> malformed(
                    "The request body is not valid JSON (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")");
            default -> malformed("The request body is not valid JSON");
        };
    }

    /** The field being read when Jackson refused: the parser's context, or its parent's when the value is an object or array. */
    private static String fieldAt(JsonProcessingException failure) {
        JsonStreamContext context = ((JsonParser) failure.getProcessor()).getParsingContext();
        return context.getCurrentName() != null ? context.getCurrentName() : context.getParent().getCurrentName();
    }

    /** Jackson would guess UTF-16 or UTF-32 and decode overlong forms; the JDK's decoder refuses both. A BOM is skipped. */
    private static JsonParser parserOverUtf8(byte[] body) throws IOException {
        CharBuffer text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(body));
        int bom = text.hasRemaining() && text.get(0) == '\uFEFF' ? 1 : 0;
        return BODY.createParser(text.array(), text.arrayOffset() + bom, text.remaining() - bom);
    }

    private static ApiException malformed(String message) {
        return new ApiException(ErrorCode.MALFORMED_JSON, message);
    }
}
