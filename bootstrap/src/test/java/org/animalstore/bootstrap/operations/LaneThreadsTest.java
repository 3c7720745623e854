package org.animalstore.bootstrap.operations;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.context.ApplicationContext;
import io.micronaut.inject.qualifiers.Qualifiers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.animalstore.bootstrap.support.ServiceContexts;
import org.junit.jupiter.api.Test;

/** Grouped lookups and creates run on a thread for each configured lane: fewer threads would silently cap the lanes. */
class LaneThreadsTest {

    @Test
    void gives_each_reader_and_each_writer_lane_a_thread() throws Exception {
        // given three reader lanes and two writer lanes
        try (ApplicationContext context = ServiceContexts.context(Map.of("petstore.lookups.readers", 3, "petstore.additions.writers", 2), "test")) {

            // when as many tasks as lanes each wait for all the others, then they all get through
            assertThat(tasksThatMeet(context.getBean(ExecutorService.class, Qualifiers.byName("lookups")), 3)).isEqualTo(3);
            assertThat(tasksThatMeet(context.getBean(ExecutorService.class, Qualifiers.byName("additions")), 2)).isEqualTo(2);
        }
    }

    /** How many of {@code count} tasks, each waiting up to 5 s for all of them to run at once, got through. */
    private static int tasksThatMeet(ExecutorService lanes, int count) throws InterruptedException {
        CyclicBarrier all = new CyclicBarrier(count);
        List<Future<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            tasks.add(lanes.submit(() -> all.await(5, TimeUnit.SECONDS)));
        }
        int met = 0;
        for (Future<Integer> task : tasks) {
            try {
                task.get(10, TimeUnit.SECONDS);
                met++;
            } catch (Exception e) {
                // the barrier broke or timed out: fewer threads than lanes
            }
        }
        return met;
    }
}
