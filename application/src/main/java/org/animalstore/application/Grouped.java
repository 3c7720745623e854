package org.animalstore.application;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.function.Function;
import org.animalstore.domain.port.out.StorageUnavailableException;

/**
 * Concurrent calls to storage that share one round trip, group commit style: at most {@code lanes} groups run
 * at a time, and whoever finds a free lane takes every call waiting, up to {@code maxGroup}. Nothing waits for
 * a group to fill: a lone call runs at once. Each caller returns once its group has run. When a group fails
 * for another reason than storage being away, its items run one by one, so one item's failure is only its own.
 *
 * @param <T> what one call asks for
 * @param <R> its answer; {@code many} answers a list of them in the order given
 */
public final class Grouped<T, R> {

    /** One statement binds a few parameters per item; databases cap a statement's parameters (PostgreSQL: 65 535). */
    public static final int MAX_GROUP = 1000;

    private record Waiting<T, R>(T item, CompletableFuture<R> answer) {
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

    R one(T item) {
        Waiting<T, R> mine = new Waiting<>(Objects.requireNonNull(item, "item"), new CompletableFuture<>());
        waiting.add(mine);
        while (!mine.answer().isDone()) {
            lanes.acquireUninterruptibly();
            List<Waiting<T, R>> group;
            try {
                group = mine.answer().isDone() ? List.of() : takeGroup();
                run(group);
            } finally {
                lanes.release();
            }
            if (group.isEmpty()) {
                break; // another caller has taken mine: wait for its answer
            }
        }
        return answer(mine);
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
        if (group.isEmpty()) {
            return;
        }
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

    private static <R> R answer(Waiting<?, R> mine) {
        try {
            return mine.answer().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageUnavailableException("interrupted while waiting for storage", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
