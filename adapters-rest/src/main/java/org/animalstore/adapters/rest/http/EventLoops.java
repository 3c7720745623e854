package org.animalstore.adapters.rest.http;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.internal.ThreadExecutorMap;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * The event loop the calling thread runs, if it runs one: where a request handed to another thread can
 * be continued. Micronaut runs the response filters and encodes the body on whichever thread completes a
 * controller's future, then hands the encoded response to the connection's event loop; work that ends on
 * another thread (a lane's, for grouped lookups and creates) is better continued on the loop, whose
 * thread-local buffers (Jackson's, the MDC's) are warm and which writes the response anyway.
 */
public final class EventLoops {

    private EventLoops() {
    }

    /**
     * The calling thread's event loop; empty on any other thread. {@code ThreadExecutorMap} sits in Netty's
     * {@code internal} package: {@code WorkerQueueTest} fails if an upgrade stops it naming the loop.
     */
    public static Optional<Executor> current() {
        EventExecutor loop = ThreadExecutorMap.currentExecutor();
        return Optional.ofNullable(loop);
    }
}
