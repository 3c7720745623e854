package org.animalstore.adapters.rest.auth;

/** The rate-limit header fields of draft-ietf-httpapi-ratelimit-headers-11, as the service sends and documents them. */
public interface RateLimitHeaders {

    String POLICY = "RateLimit-Policy";
    String REMAINING = "RateLimit";
    String POLICY_DESCRIPTION = "The API key's quota, when one applies: `q` requests per window of `w` seconds (windows start on multiples of `w` since the epoch).";
    String POLICY_EXAMPLE = "\"default\";q=600;w=60";
    String REMAINING_DESCRIPTION = "When a quota applies: `r` requests remain in the current window, which resets in `t` seconds.";
    String REMAINING_EXAMPLE = "\"default\";r=599;t=42";

    /** The policy's name in both fields: one quota per key. */
    String POLICY_NAME = "\"default\"";
}
