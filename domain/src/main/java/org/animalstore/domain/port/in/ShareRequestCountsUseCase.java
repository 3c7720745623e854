package org.animalstore.domain.port.in;

/** Housekeeping of rate limits: tells the other instances what this one counted, and learns what they did. */
public interface ShareRequestCountsUseCase {

    /**
     * Shares this instance's counts of the current windows and takes in the other instances' counts.
     *
     * @throws org.animalstore.domain.port.out.StorageUnavailableException when the counts cannot be shared now;
     *         quotas keep being applied with the counts known so far
     */
    void shareRequestCounts();
}
