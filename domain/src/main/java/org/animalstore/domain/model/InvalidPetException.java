package org.animalstore.domain.model;

/** Thrown when a value would make a pet (or a request about pets) invalid; the message is safe to show to a client. */
public final class InvalidPetException extends IllegalArgumentException {

    public InvalidPetException(String message) {
        super(message);
    }
}
