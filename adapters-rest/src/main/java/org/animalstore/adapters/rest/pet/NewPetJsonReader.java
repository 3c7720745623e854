package org.animalstore.adapters.rest.pet;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.MediaType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.domain.model.NewPet;

/**
 * Reads a NewPet body strictly: UTF-8 only (RFC 8259, section 8.1), JSON types are never coerced (a
 * string is not a number, 1.5 is not an integer), a field given twice and trailing content are
 * refused, unknown fields are ignored.
 */
final class NewPetJsonReader {

    /** A shared buffer pool, reused whichever thread reads a pet: Jackson's default pool is per thread, and a virtual thread never reuses one. */
    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).maxNumberLength(64).build())
            .recyclerPool(JsonRecyclerPools.sharedConcurrentDequePool())
            .build();

    private static final char BYTE_ORDER_MARK = '\uFEFF';

    static final String STATUS_VALUES = "status must be one of: available, pending, sold";

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
        if (body == null || body.length == 0) {
            throw malformed("The request body is empty: send a JSON object with name and categoryId");
        }
        CharBuffer text = decodeUtf8(body);
        try (JsonParser parser = JSON.createParser(text.array(), text.arrayOffset() + text.position(), text.remaining())) {
            return readObject(parser);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw malformed(at == null || at.getLineNr() < 1
                    ? "The request body is not valid JSON"
                    : "The request body is not valid JSON (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")");
        } catch (IOException e) {
            throw malformed("The request body is not valid JSON");
        }
    }

    /**
     * Jackson would guess UTF-16 or UTF-32 from the first bytes and decodes overlong UTF-8 forms
     * ("\xC0\xAF" as "/"); the JDK's decoder refuses both, and a byte order mark is skipped.
     */
    private static CharBuffer decodeUtf8(byte[] body) {
        CharBuffer chars;
        try {
            chars = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(body));
        } catch (CharacterCodingException e) {
            throw malformed("The request body is not valid UTF-8");
        }
        if (chars.hasRemaining() && chars.get(chars.position()) == BYTE_ORDER_MARK) {
            chars.position(chars.position() + 1);
        }
        return chars;
    }

    /** The object's fields, checked for JSON types and presence, then the end of the body; the domain checks the values last. */
    private static NewPet readObject(JsonParser parser) throws IOException {
        JsonToken first = parser.nextToken();
        if (first == null) {
            throw malformed("The request body is empty: send a JSON object with name and categoryId");
        }
        if (first != JsonToken.START_OBJECT) {
            throw ApiException.invalidRequest("The request body must be a JSON object with name and categoryId");
        }
        String name = null;
        Long categoryId = null;
        PetStatusValue status = null;
        Set<String> seen = new HashSet<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            refuseTwice(seen, field);
            JsonToken value = parser.nextToken();
            switch (field) {
                case "name" -> name = readName(parser, value);
                case "categoryId" -> categoryId = readCategoryId(parser, value);
                case "status" -> status = readStatus(parser, value);
                default -> skip(parser, value);
            }
        }
        if (name == null) {
            throw ApiException.invalidRequest("name is required");
        }
        if (categoryId == null) {
            throw ApiException.invalidRequest("categoryId is required");
        }
        if (parser.nextToken() != null) {
            throw malformed("The request body must hold a single JSON object");
        }
        return PetJsonMapper.toNewPet(name, categoryId, status);
    }

    private static void refuseTwice(Set<String> seen, String field) {
        if (!seen.add(field)) {
            throw ApiException.invalidRequest("field '" + field + "' appears more than once");
        }
    }

    /**
     * Skips an unknown field's value, refusing a field given twice in any object inside it as at the top
     * (docs/api.md: a duplicate is refused wherever it is; Jackson's {@code skipChildren} would not look).
     * The nesting is bounded by the parser's limit of 64.
     */
    private static void skip(JsonParser parser, JsonToken value) throws IOException {
        if (value == JsonToken.START_OBJECT) {
            Set<String> seen = new HashSet<>();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                refuseTwice(seen, parser.currentName());
                skip(parser, parser.nextToken());
            }
        } else if (value == JsonToken.START_ARRAY) {
            for (JsonToken element = parser.nextToken(); element != null && element != JsonToken.END_ARRAY; element = parser.nextToken()) {
                skip(parser, element);
            }
        }
    }

    private static String readName(JsonParser parser, JsonToken value) throws IOException {
        if (value != JsonToken.VALUE_STRING) {
            throw ApiException.invalidRequest("name must be a string");
        }
        return parser.getText();
    }

    private static long readCategoryId(JsonParser parser, JsonToken value) throws IOException {
        if (value != JsonToken.VALUE_NUMBER_INT) {
            throw ApiException.invalidRequest("categoryId must be an integer");
        }
        if (parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            throw ApiException.invalidRequest("categoryId must be a positive integer of at most 9223372036854775807");
        }
        return parser.getLongValue();
    }

    private static PetStatusValue readStatus(JsonParser parser, JsonToken value) throws IOException {
        if (value != JsonToken.VALUE_STRING) {
            throw ApiException.invalidRequest(STATUS_VALUES);
        }
        return PetJsonMapper.toStatusValue(parser.getText())
                .orElseThrow(() -> ApiException.invalidRequest(STATUS_VALUES));
    }

    private static ApiException malformed(String message) {
        return new ApiException(ErrorCode.MALFORMED_JSON, message);
    }
}
