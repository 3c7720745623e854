package org.animalstore.domain.port.in;

import org.animalstore.domain.model.QuotaDecision;

/** Rate limits: counts a client's request against the quota that applies to it. */
public interface ConsumeQuotaUseCase {

    /**
     * Counts one request of {@code client} if it fits the client's quota. Answers from memory: never
     * waits for storage, so it may run on the thread that reads the request.
     */
    QuotaDecision consume(String client);
}
