package org.animalstore.adapters.rest.auth;

/** The rate-limit header fields of draft-ietf-httpapi-ratelimit-headers-11, as the service sends and documents them. */
public final class RateLimitHeaders {

    public static final String POLICY = "RateLimit-Policy";
    public static final String REMAINING = "RateLimit";
    public static final String POLICY_DESCRIPTION = "The API key's quota, when one applies: `q` requests per window of `w`"
            + " seconds (windows start on multiples of `w` since the epoch).";
    public static final String POLICY_EXAMPLE = "\"default\";q=600;w=60";
    public static final String REMAINING_DESCRIPTION = "When a quota applies: `r` requests remain in the current window,"
            + " which resets in `t` seconds.";
    public static final String REMAINING_EXAMPLE = "\"default\";r=599;t=42";

    /** The policy's name in both fields: one quota per key. */
    static final String POLICY_NAME = "\"default\"";

    private RateLimitHeaders() {
    }
}
