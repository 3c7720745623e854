package org.animalstore.adapters.rest.http;

/**
 * The one switch of every framework workaround, the HTTP fence's and those beside it in bootstrap
 * (docs/framework-workarounds.md). {@value #PROPERTY}{@code =false} leaves Micronaut and Netty as they
 * ship; only the canary tests set it, to show the behaviour each workaround is there for.
 */
public final class WorkaroundSwitch {

    /** The configuration property; any value but {@code false} (or none) keeps the workarounds on. */
    public static final String PROPERTY = "petstore.http.workarounds";

    private WorkaroundSwitch() {
    }
}
