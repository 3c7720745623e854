package org.animalstore.domain.port.in;

import org.animalstore.domain.model.QuotaDecision;

/** Rate limits: counts a client's request against the quota that applies to it. */
public interface ConsumeQuotaUseCase {

    /** Counts one request of {@code client} if it fits its quota; never waits for storage (may run on the event loop). */
    QuotaDecision consume(String client);
}
