package org.animalstore.adapters.rest.error;

/** The REST adapter cannot serve a request now (no catalogue worker in time): storage's 503; the message is for the log only. */
public final class ServiceUnavailableException extends RuntimeException {

    public ServiceUnavailableException(String message) {
        super(message, null, false, false);
    }
}
