package org.animalstore.domain.port.out;

/** The in-memory request counts honour the contract, so application tests built on them mean something. */
class InMemoryRequestCountsTest extends ShareRequestCountsContract {

    private final InMemoryRequestCounts counts = new InMemoryRequestCounts();

    @Override
    protected ShareRequestCountsPort counts() {
        return counts;
    }

    @Override
    protected void emptyTheStore() {
        counts.clear();
    }
}
