package org.animalstore.adapters.rest.error;

import io.micronaut.http.exceptions.HttpStatusException;

/** A request the API turns away, with a message safe to show: Micronaut answers its status, {@link ErrorResponses} its body. */
public final class ApiException extends HttpStatusException {

    private final ErrorCode code;

    public ApiException(ErrorCode code, String message) {
        super(code.status(), message);
        this.code = code;
    }

    public static ApiException invalidRequest(String message) {
        return new ApiException(ErrorCode.INVALID_REQUEST, message);
    }

    public ErrorCode code() {
        return code;
    }

    /** A refusal is no fault of the service: no stack trace to fill. */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
