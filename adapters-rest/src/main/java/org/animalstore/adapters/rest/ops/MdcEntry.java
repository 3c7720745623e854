package org.animalstore.adapters.rest.ops;

import io.micronaut.core.propagation.ThreadPropagatedContextElement;
import org.slf4j.MDC;

/**
 * One logging MDC entry of a request (its id, its trace id), put in the MDC of whichever thread runs a piece of it:
 * one key set and restored in place, cheaper than copying the whole MDC map on every thread hop.
 */
public record MdcEntry(String key, String value) implements ThreadPropagatedContextElement<String> {

    /** The request id's key; the text log pattern and JSON logs show it. */
    public static final String REQUEST_ID = "requestId";
    /** The trace id's key, when the request is traced. */
    public static final String TRACE_ID = "traceId";

    /** Micronaut propagates the context for every filter and reactive signal: a thread that has the value keeps it untouched. */
    @Override
    public String updateThreadContext() {
        String previous = MDC.get(key);
        if (!value.equals(previous)) {
            MDC.put(key, value);
        }
        return previous;
    }

    @Override
    public void restoreThreadContext(String previous) {
        if (previous == null) {
            MDC.remove(key);
        } else if (!value.equals(previous)) {
            MDC.put(key, previous);
        }
    }
}
