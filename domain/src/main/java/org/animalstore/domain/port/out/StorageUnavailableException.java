package org.animalstore.domain.port.out;

/** Storage cannot be reached right now; the same call may succeed later. Thrown by storage adapters. */
public final class StorageUnavailableException extends RuntimeException {

    public StorageUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
