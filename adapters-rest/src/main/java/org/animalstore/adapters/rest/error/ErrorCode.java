package org.animalstore.adapters.rest.error;

import io.micronaut.http.HttpStatus;
import org.animalstore.adapters.rest.OpenApiLimits;

/** The stable set of machine-readable error codes, each tied to one HTTP status. */
public enum ErrorCode {
    MALFORMED_JSON("malformed_json", HttpStatus.BAD_REQUEST),
    INVALID_REQUEST("invalid_request", HttpStatus.BAD_REQUEST),
    INVALID_CURSOR("invalid_cursor", HttpStatus.BAD_REQUEST),
    UNAUTHORIZED("unauthorized", HttpStatus.UNAUTHORIZED),
    ORIGIN_NOT_ALLOWED("origin_not_allowed", HttpStatus.FORBIDDEN),
    NOT_FOUND("not_found", HttpStatus.NOT_FOUND),
    METHOD_NOT_ALLOWED("method_not_allowed", HttpStatus.METHOD_NOT_ALLOWED),
    NOT_ACCEPTABLE("not_acceptable", HttpStatus.NOT_ACCEPTABLE),
    REQUEST_TIMEOUT("request_timeout", HttpStatus.REQUEST_TIMEOUT),
    IDEMPOTENCY_KEY_IN_USE("idempotency_key_in_use", HttpStatus.CONFLICT),
    GONE("gone", HttpStatus.GONE),
    PAYLOAD_TOO_LARGE("payload_too_large", HttpStatus.REQUEST_ENTITY_TOO_LARGE),
    URI_TOO_LONG("uri_too_long", HttpStatus.REQUEST_URI_TOO_LONG),
    UNSUPPORTED_MEDIA_TYPE("unsupported_media_type", HttpStatus.UNSUPPORTED_MEDIA_TYPE),
    IDEMPOTENCY_KEY_REUSED("idempotency_key_reused", HttpStatus.UNPROCESSABLE_ENTITY),
    RATE_LIMITED("rate_limited", HttpStatus.TOO_MANY_REQUESTS),
    HEADERS_TOO_LARGE("headers_too_large", HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE),
    INTERNAL_ERROR("internal_error", HttpStatus.INTERNAL_SERVER_ERROR),
    NOT_IMPLEMENTED("not_implemented", HttpStatus.NOT_IMPLEMENTED),
    SERVICE_UNAVAILABLE("service_unavailable", HttpStatus.SERVICE_UNAVAILABLE),
    HTTP_VERSION_NOT_SUPPORTED("http_version_not_supported", HttpStatus.HTTP_VERSION_NOT_SUPPORTED);

    /** The codes as the OpenAPI document explains them; the contract test checks it names every code. */
    public static final String TABLE = "Machine-readable error code, stable across releases (the `message` is not).\n"
            + "\n"
            + "| code | status | when |\n"
            + "|---|---|---|\n"
            + "| `malformed_json` | 400 | the body is empty, not JSON, not UTF-8, or has trailing content |\n"
            + "| `invalid_request` | 400 | a field, parameter or header is missing, of the wrong type or out of range, or the URI is malformed; or the message cannot be delimited safely or read at all (`Transfer-Encoding`, `Content-Length`, `Host`, a chunk, the request line), and the connection is closed |\n"
            + "| `invalid_cursor` | 400 | the paging cursor is malformed, altered, signed with another secret, or used with another `status` |\n"
            + "| `unauthorized` | 401 | no API key, a malformed `Authorization` header, or an unknown key |\n"
            + "| `origin_not_allowed` | 403 | the request, or its CORS preflight, comes from a web page whose origin (`Origin`) the operator has not allowed |\n"
            + "| `not_found` | 404 | no pet with that id, or no such route |\n"
            + "| `method_not_allowed` | 405 | the route exists but not with this method |\n"
            + "| `not_acceptable` | 406 | the `Accept` header excludes `application/json` |\n"
            + "| `request_timeout` | 408 | the request (head and body) did not arrive within " + OpenApiLimits.RECEIVE_TIMEOUT + " of its first byte; the connection is closed |\n"
            + "| `idempotency_key_in_use` | 409 | a request with this `Idempotency-Key` is still being processed |\n"
            + "| `gone` | 410 | `GET /v1/pets/{petId}` after its sunset (5 December 2030) |\n"
            + "| `payload_too_large` | 413 | the body exceeds " + OpenApiLimits.MAX_REQUEST_SIZE + " (declared by `Content-Length`: answered before the body is read, on any method, and the connection is closed) |\n"
            + "| `uri_too_long` | 414 | the request line exceeds " + OpenApiLimits.MAX_REQUEST_LINE + " |\n"
            + "| `unsupported_media_type` | 415 | the body is not sent as `application/json`, or with a `Content-Encoding` other than `gzip` or `deflate` (the response's `Accept-Encoding` names them; the connection is closed) |\n"
            + "| `idempotency_key_reused` | 422 | the `Idempotency-Key` was already used by this API key for a different body, within " + OpenApiLimits.IDEMPOTENCY_TTL + " |\n"
            + "| `rate_limited` | 429 | the API key's quota for the current window is used up (`RateLimit-Policy` names it): retry after `Retry-After` seconds |\n"
            + "| `headers_too_large` | 431 | the request headers exceed " + OpenApiLimits.MAX_HEADER_SIZE + " |\n"
            + "| `internal_error` | 500 | an unexpected failure (details are logged, never returned) |\n"
            + "| `not_implemented` | 501 | `GET /v1/store/orders`, mentioned by the specification without a contract (so not an operation here); or a method HTTP does not define (methods are case-sensitive) or a transfer coding other than `chunked`, and the connection is closed |\n"
            + "| `service_unavailable` | 503 | the catalogue's storage is out of reach, or too slow to keep up (the request waited longer than " + OpenApiLimits.MAX_QUEUE_WAIT + " for a worker): retry after `Retry-After` seconds |\n"
            + "| `http_version_not_supported` | 505 | the request line names an HTTP major version other than 1; the connection is closed |\n";

    private final String code;
    private final HttpStatus status;

    ErrorCode(String code, HttpStatus status) {
        this.code = code;
        this.status = status;
    }

    public String code() {
        return code;
    }

    public HttpStatus status() {
        return status;
    }
}
