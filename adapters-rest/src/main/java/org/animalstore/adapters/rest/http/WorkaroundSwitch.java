package org.animalstore.adapters.rest.http;

/**
 * The one switch of every framework workaround (docs/framework-workarounds.md): {@value #PROPERTY}{@code =false}
 * leaves Micronaut and Netty as they ship, for the canary tests.
 */
public final class WorkaroundSwitch {

    /** The configuration property; any value but {@code false} (or none) keeps the workarounds on. */
    public static final String PROPERTY = "petstore.http.workarounds";

    private WorkaroundSwitch() {
    }
}
