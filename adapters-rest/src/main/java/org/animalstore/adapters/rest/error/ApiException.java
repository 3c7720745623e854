package org.animalstore.adapters.rest.error;

/** A request the API turns away, with a message safe to show to the client. */
public final class ApiException extends RuntimeException {

    private final ErrorCode code;

    public ApiException(ErrorCode code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public static ApiException invalidRequest(String message) {
        return new ApiException(ErrorCode.INVALID_REQUEST, message);
    }

    public ErrorCode code() {
        return code;
    }
}
