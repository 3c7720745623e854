package org.animalstore.adapters.rest.ops;

import io.micronaut.core.propagation.ThreadPropagatedContextElement;
import org.slf4j.MDC;

/**
 * Puts a request's id in the logging MDC of whichever thread runs a piece of that request, and
 * puts back what was there before. One key, set and restored in place: cheaper than copying the
 * whole MDC map on every thread hop.
 */
record RequestIdMdc(String requestId) implements ThreadPropagatedContextElement<String> {

    static final String KEY = "requestId";

    @Override
    public String updateThreadContext() {
        String previous = MDC.get(KEY);
        MDC.put(KEY, requestId);
        return previous;
    }

    @Override
    public void restoreThreadContext(String previous) {
        if (previous == null) {
            MDC.remove(KEY);
        } else {
            MDC.put(KEY, previous);
        }
    }
}
