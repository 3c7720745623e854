package org.animalstore.domain.port.out;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.animalstore.domain.model.RequestCount;

/** The reference implementation of {@link ShareRequestCountsPort}: one process standing in for the shared storage. */
public final class InMemoryRequestCounts implements ShareRequestCountsPort {

    private record Slot(String instance, String client, long windowStart) {
    }

    private record ClientWindow(String client, long windowStart) {
    }

    private final Map<Slot, Long> counts = new HashMap<>();

    @Override
    public synchronized List<RequestCount> share(String instance, List<RequestCount> mine, long since) {
        mine.forEach(count -> counts.put(new Slot(instance, count.client(), count.windowStart()), count.requests()));
        Map<ClientWindow, Long> others = new TreeMap<>(Comparator.comparing(ClientWindow::client).thenComparing(ClientWindow::windowStart));
        counts.forEach((slot, requests) -> {
            if (!slot.instance().equals(instance) && slot.windowStart() >= since) {
                others.merge(new ClientWindow(slot.client(), slot.windowStart()), requests, Long::sum);
            }
        });
        List<RequestCount> result = new ArrayList<>();
        others.forEach((key, requests) -> result.add(new RequestCount(key.client(), key.windowStart(), requests)));
        return result;
    }

    @Override
    public synchronized void forgetWindowsBefore(long windowStart) {
        counts.keySet().removeIf(slot -> slot.windowStart() < windowStart);
    }

    public synchronized void clear() {
        counts.clear();
    }
}
