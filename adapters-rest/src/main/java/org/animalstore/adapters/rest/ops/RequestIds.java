package org.animalstore.adapters.rest.ops;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
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

    /** The caller's id when safe, else a random UUID: not a secret, so not {@link UUID#randomUUID()}'s slower SecureRandom. */
    public static String acceptOrGenerate(String incoming) {
        if (incoming != null && SAFE.matcher(incoming).matches()) {
            return incoming;
        }
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high = random.nextLong() & ~0xF000L | 0x4000L;
        long low = random.nextLong() & ~(0xC000L << 48) | 0x8000L << 48;
        return new UUID(high, low).toString();
    }
}
