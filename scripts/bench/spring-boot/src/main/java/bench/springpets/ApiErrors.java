package bench.springpets;

import bench.springpets.Pets.ErrorBody;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/** Every refusal as the service's Error body {@code {"code","message","status"}}. */
@RestControllerAdvice
class ApiErrors {

    @ExceptionHandler
    ResponseEntity<ErrorBody> refused(ApiException e) {
        return error(e.status(), e.code(), e.getMessage());
    }

    @ExceptionHandler
    ResponseEntity<ErrorBody> unreadable(HttpMessageNotReadableException e) {
        // The record's own checks surface here too, wrapped by Jackson.
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof ApiException refusal) {
                return refused(refusal);
            }
        }
        return error(HttpStatus.BAD_REQUEST, "malformed_json", "The request body is not a valid NewPet JSON object");
    }

    @ExceptionHandler
    ResponseEntity<ErrorBody> mismatch(MethodArgumentTypeMismatchException e) {
        return error(HttpStatus.BAD_REQUEST, "invalid_request", e.getName() + " is not valid");
    }

    @ExceptionHandler
    ResponseEntity<ErrorBody> unsupported(HttpMediaTypeNotSupportedException e) {
        return error(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type", "The request body must be sent as application/json");
    }

    @ExceptionHandler
    ResponseEntity<ErrorBody> noRoute(NoResourceFoundException e) {
        return error(HttpStatus.NOT_FOUND, "not_found", "No such resource");
    }

    private static ResponseEntity<ErrorBody> error(HttpStatus status, String code, String message) {
        return ResponseEntity.status(status).body(new ErrorBody(code, message, status.value()));
    }
}
