package bench.springpets;

import org.springframework.http.HttpStatus;

/** A refusal answered with an Error body by {@link ApiErrors}. */
final class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final String code;

    ApiException(HttpStatus status, String code, String message) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
    }

    static ApiException badRequest(String message) {
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid_request", message);
    }

    HttpStatus status() {
        return status;
    }

    String code() {
        return code;
    }
}
