package org.animalstore.domain.model;

import java.util.Objects;

/** Whether a client's request fits its quota, and what is left of it. */
public sealed interface QuotaDecision {

    /** The client has no quota: every request is allowed and nothing is counted. */
    record Unlimited() implements QuotaDecision {
    }

    /** The request was counted: {@code remaining} more fit before the window resets in {@code resetSeconds}. */
    record Allowed(Quota quota, long remaining, long resetSeconds) implements QuotaDecision {
        public Allowed {
            Objects.requireNonNull(quota, "quota");
        }
    }

    /** The quota is spent: the request was not counted; the window resets in {@code resetSeconds}. */
    record Refused(Quota quota, long resetSeconds) implements QuotaDecision {
        public Refused {
            Objects.requireNonNull(quota, "quota");
        }
    }
}
