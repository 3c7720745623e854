package org.animalstore.adapters.rest;

/** Example bodies for the OpenAPI document, taken from what the service really answers. */
public final class OpenApiExamples {

    public static final String PET = "{\"id\":42,\"name\":\"Rex\",\"categoryId\":3,\"status\":\"available\"}";
    public static final String NEW_PET = "{\"name\":\"Rex\",\"categoryId\":3,\"status\":\"available\"}";
    public static final String NEW_PET_WITHOUT_STATUS = "{\"name\":\"Nemo\",\"categoryId\":2}";

    public static final String BAD_LIMIT = "{\"code\":\"invalid_request\",\"message\":\"limit must be an integer from 1 to 100\",\"status\":400}";
    public static final String BAD_STATUS = "{\"code\":\"invalid_request\",\"message\":\"status must be one of: available, pending, sold\",\"status\":400}";
    public static final String BAD_PET_ID = "{\"code\":\"invalid_request\",\"message\":\"petId must be an integer\",\"status\":400}";
    public static final String NAME_MISSING = "{\"code\":\"invalid_request\",\"message\":\"name is required\",\"status\":400}";
    public static final String MALFORMED_JSON = "{\"code\":\"malformed_json\",\"message\":\"The request body is not valid JSON (line 1, column 9)\",\"status\":400}";
    public static final String UNAUTHORIZED = "{\"code\":\"unauthorized\",\"message\":\"A valid API key is required: send it as 'Authorization: Bearer <API key>'\",\"status\":401}";
    public static final String ORIGIN_NOT_ALLOWED = "{\"code\":\"origin_not_allowed\",\"message\":\"Requests from web pages of origin"
            + " https://elsewhere.example are not allowed; the operator lists the allowed origins\",\"status\":403}";
    public static final String PET_NOT_FOUND = "{\"code\":\"not_found\",\"message\":\"No pet with id 42\",\"status\":404}";
    public static final String NOT_ACCEPTABLE = "{\"code\":\"not_acceptable\",\"message\":\"Responses are available as application/json only\",\"status\":406}";
    public static final String PAYLOAD_TOO_LARGE = "{\"code\":\"payload_too_large\",\"message\":\"The request body is too large\",\"status\":413}";
    public static final String UNSUPPORTED_MEDIA_TYPE = "{\"code\":\"unsupported_media_type\",\"message\":\"The request body must be sent as application/json\",\"status\":415}";
    public static final String BAD_CURSOR = "{\"code\":\"invalid_cursor\",\"message\":\"cursor is not valid: use the cursor of a next link unchanged, or start again without one\",\"status\":400}";
    public static final String IDEMPOTENCY_KEY_IN_USE = "{\"code\":\"idempotency_key_in_use\",\"message\":\"A request with this Idempotency-Key is still being processed: retry once it has completed\",\"status\":409}";
    public static final String GONE = "{\"code\":\"gone\",\"message\":\"GET /v1/pets/{petId} was removed on 5 December 2030: list pets with GET /v1/pets instead\",\"status\":410}";
    public static final String IDEMPOTENCY_KEY_REUSED = "{\"code\":\"idempotency_key_reused\",\"message\":\"This Idempotency-Key was already used with a different request body: use a new key for a new pet\",\"status\":422}";
    public static final String REQUEST_TIMEOUT = "{\"code\":\"request_timeout\",\"message\":\"The request did not arrive within 10 s\",\"status\":408}";
    public static final String URI_TOO_LONG = "{\"code\":\"uri_too_long\",\"message\":\"The request URI is too long\",\"status\":414}";
    public static final String HEADERS_TOO_LARGE = "{\"code\":\"headers_too_large\",\"message\":\"The request headers are too large\",\"status\":431}";
    public static final String INTERNAL_ERROR = "{\"code\":\"internal_error\",\"message\":\"An unexpected error occurred\",\"status\":500}";
    public static final String RATE_LIMITED = "{\"code\":\"rate_limited\",\"message\":\"This API key's quota of 600 requests per 60 s is used up;"
            + " retry after the Retry-After seconds\",\"status\":429}";
    public static final String SERVICE_UNAVAILABLE = "{\"code\":\"service_unavailable\",\"message\":\"The catalogue is temporarily unavailable; retry later\",\"status\":503}";

    private OpenApiExamples() {
    }
}
