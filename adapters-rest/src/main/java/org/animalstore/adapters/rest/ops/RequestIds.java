package org.animalstore.adapters.rest.ops;

import java.util.UUID;
import java.util.regex.Pattern;

/** Request ids: a caller's own when it is safe to log and echo, otherwise a new random one. */
public final class RequestIds {

    /** The header carrying the id, both ways. */
    public static final String HEADER = "X-Request-Id";

    /** The request attribute holding the request's trace id, when it is traced (set by the bootstrap's tracing filter). */
    public static final String TRACE_ID_ATTRIBUTE = "animalstore.traceId";

    /** Short, and nothing that could forge a log line or a header: letters, digits and {@code - _ . :}. */
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

    private RequestIds() {
    }

    public static String acceptOrGenerate(String incoming) {
        return incoming != null && SAFE.matcher(incoming).matches() ? incoming : UUID.randomUUID().toString();
    }
}
