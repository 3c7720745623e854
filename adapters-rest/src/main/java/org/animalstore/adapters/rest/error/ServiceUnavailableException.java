package org.animalstore.adapters.rest.error;

/**
 * The REST adapter cannot serve a request now (it waited too long for a catalogue worker, say): the same
 * 503 as storage out of reach, without being the storage port's exception. The message is for the log only.
 */
public final class ServiceUnavailableException extends RuntimeException {

    public ServiceUnavailableException(String message) {
        super(message, null, false, false);
    }
}
