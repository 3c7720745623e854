package org.animalstore.bootstrap.fence;

/** The fence's switch, the same property as the REST adapter's (read there by the adapter itself). */
final class Workarounds {

    /** Any value but {@code false} (or none) keeps the workarounds on. */
    static final String SWITCH = "petstore.http.workarounds";

    private Workarounds() {
    }
}
