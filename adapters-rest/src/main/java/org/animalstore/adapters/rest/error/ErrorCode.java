package org.animalstore.adapters.rest.error;

import io.micronaut.http.HttpStatus;

/** The stable set of machine-readable error codes, each tied to one HTTP status. */
public enum ErrorCode {
    MALFORMED_JSON("malformed_json", HttpStatus.BAD_REQUEST),
    INVALID_REQUEST("invalid_request", HttpStatus.BAD_REQUEST),
    UNAUTHORIZED("unauthorized", HttpStatus.UNAUTHORIZED),
    NOT_FOUND("not_found", HttpStatus.NOT_FOUND),
    METHOD_NOT_ALLOWED("method_not_allowed", HttpStatus.METHOD_NOT_ALLOWED),
    NOT_ACCEPTABLE("not_acceptable", HttpStatus.NOT_ACCEPTABLE),
    PAYLOAD_TOO_LARGE("payload_too_large", HttpStatus.REQUEST_ENTITY_TOO_LARGE),
    URI_TOO_LONG("uri_too_long", HttpStatus.REQUEST_URI_TOO_LONG),
    UNSUPPORTED_MEDIA_TYPE("unsupported_media_type", HttpStatus.UNSUPPORTED_MEDIA_TYPE),
    HEADERS_TOO_LARGE("headers_too_large", HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE),
    INTERNAL_ERROR("internal_error", HttpStatus.INTERNAL_SERVER_ERROR),
    NOT_IMPLEMENTED("not_implemented", HttpStatus.NOT_IMPLEMENTED),
    SERVICE_UNAVAILABLE("service_unavailable", HttpStatus.SERVICE_UNAVAILABLE);

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
