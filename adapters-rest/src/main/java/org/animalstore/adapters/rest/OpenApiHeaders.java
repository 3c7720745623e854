package org.animalstore.adapters.rest;

/**
 * References to the headers and parameters the OpenAPI document declares once, in
 * {@code src/main/openapi/pets.yml} (merged into the generated document), for the many responses that carry them.
 */
public final class OpenApiHeaders {

    /** {@code X-Request-Id} on a response: every response carries one. */
    public static final String REQUEST_ID = "#/components/headers/X-Request-Id";
    /** {@code X-Request-Id} on a request: optional, kept when safe to log. */
    public static final String REQUEST_ID_PARAMETER = "#/components/parameters/X-Request-Id";
    /** The deprecated operation's headers, on each of its responses after authentication. */
    public static final String DEPRECATION = "#/components/headers/Deprecation";
    public static final String SUNSET = "#/components/headers/Sunset";
    public static final String SUCCESSOR_LINK = "#/components/headers/Successor-Link";

    private OpenApiHeaders() {
    }
}
