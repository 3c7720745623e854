package org.animalstore.domain.port.out;

import java.util.List;
import org.animalstore.domain.model.RequestCount;

/** Where the instances sharing one storage add up their request counts, so a client's quota holds across all of them. */
public interface ShareRequestCountsPort {

    /**
     * Records {@code counts} as what {@code instance} has counted so far in each (client, window), replacing what it
     * recorded before; then returns, per (client, window) starting at or after {@code since}, the sum of what every
     * other instance recorded. Clients without a count elsewhere are left out.
     */
    List<RequestCount> share(String instance, List<RequestCount> counts, long since);

    /** Forgets the counts of every instance for windows that started before {@code windowStart}. */
    void forgetWindowsBefore(long windowStart);
}
