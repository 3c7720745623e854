package org.animalstore.application;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.function.Function;
import org.animalstore.domain.port.out.StorageUnavailableException;

/**
 * Concurrent calls to storage that share one round trip, group commit style: at most {@code lanes} groups run
 * at a time, and the next group is every call waiting, up to {@code maxGroup}. Nothing waits for a group to fill:
 * a lone call runs at once. When a group fails for another reason than storage being away, its items run one by
 * one, so one item's failure is only its own.
 *
 * <p>No caller blocks ({@link #later}): it leaves its item and its executor and goes. Whoever finds a lane free
 * hands the next group to the executor of the group's first item (that caller's context, for logs and traces);
 * the thread that ran a group hands on the next one while any is waiting. One thread a group, none a call.
 *
 * @param <T> what one call asks for
 * @param <R> its answer; {@code many} answers a list of them in the order given
 */
public final class Grouped<T, R> {

    /** One statement binds a few parameters per item; databases cap a statement's parameters (PostgreSQL: 65 535). */
    public static final int MAX_GROUP = 1000;

    /** Where a caller that blocks anyway has its group run. */
    private static final Executor NEW_VIRTUAL_THREAD = Thread::startVirtualThread;

    private record Waiting<T, R>(T item, CompletableFuture<R> answer, Executor runner) {
    }

    private final Function<List<T>, List<R>> many;
    private final int maxGroup;
    private final Semaphore lanes;
    private final Queue<Waiting<T, R>> waiting = new ConcurrentLinkedQueue<>();

    Grouped(Function<List<T>, List<R>> many, int lanes, int maxGroup) {
        if (lanes < 1 || maxGroup < 1 || maxGroup > MAX_GROUP) {
            throw new IllegalArgumentException("lanes must be at least 1, and groups 1 to " + MAX_GROUP);
        }
        this.many = Objects.requireNonNull(many, "many");
        this.lanes = new Semaphore(lanes);
        this.maxGroup = maxGroup;
    }

    /**
     * {@code item}'s answer, completed once its group has run, on the thread that ran it: one of {@code runner}'s,
     * or of the executor another caller in the same group gave. Exceptionally with what storage threw, or with
     * {@link StorageUnavailableException} when the executor refuses the group (it is shutting down).
     */
    CompletableFuture<R> later(T item, Executor runner) {
        Waiting<T, R> mine = new Waiting<>(Objects.requireNonNull(item, "item"), new CompletableFuture<>(), Objects.requireNonNull(runner, "runner"));
        waiting.add(mine);
        handOnWhileWaiting(false);
        return mine.answer();
    }

    /** {@link #later} for a caller that blocks anyway: its answer, or what storage threw. */
    R one(T item) {
        try {
            return later(item, NEW_VIRTUAL_THREAD).join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /**
     * Hands the next group to an executor, holding a lane for it: the lane given ({@code laneHeld}) or one free.
     * An item left while every lane was held is seen here by the holder once it lets its lane go.
     */
    private void handOnWhileWaiting(boolean laneHeld) {
        boolean held = laneHeld;
        while (held || !waiting.isEmpty() && lanes.tryAcquire()) {
            held = false;
            List<Waiting<T, R>> group = takeGroup();
            if (!group.isEmpty() && handedOn(group)) {
                return;
            }
            lanes.release();
        }
    }

    private boolean handedOn(List<Waiting<T, R>> group) {
        try {
            group.getFirst().runner().execute(() -> runThenHandOn(group));
            return true;
        } catch (RejectedExecutionException e) {
            StorageUnavailableException failure = new StorageUnavailableException("no thread to read or write storage on", e);
            group.forEach(each -> each.answer().completeExceptionally(failure));
            return false;
        }
    }

    private void runThenHandOn(List<Waiting<T, R>> group) {
        try {
            run(group);
        } finally {
            handOnWhileWaiting(true);
        }
    }

    private List<Waiting<T, R>> takeGroup() {
        List<Waiting<T, R>> group = new ArrayList<>();
        Waiting<T, R> next;
        while (group.size() < maxGroup && (next = waiting.poll()) != null) {
            group.add(next);
        }
        return group;
    }

    private void run(List<Waiting<T, R>> group) {
        try {
            List<R> answers = many.apply(group.stream().map(Waiting::item).toList());
            for (int i = 0; i < group.size(); i++) {
                group.get(i).answer().complete(answers.get(i));
            }
        } catch (StorageUnavailableException e) {
            group.forEach(each -> each.answer().completeExceptionally(e));
        } catch (RuntimeException e) {
            if (group.size() == 1) {
                group.getFirst().answer().completeExceptionally(e);
            } else {
                group.forEach(each -> run(List.of(each)));
            }
        } catch (Error e) {
            group.forEach(each -> each.answer().completeExceptionally(e));
            throw e;
        }
    }
}
