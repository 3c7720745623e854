package org.animalstore.adapters.rest.ops;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The {@code Date} header's value (RFC 9110 section 6.6.1, an IMF-fixdate), formatted once a second: Micronaut
 * formatted it through {@code ZonedDateTime} for every response, a sixth of what a create allocated.
 */
public final class HttpDate {

    private static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private record Stamp(long second, String text) {
    }

    private static volatile Stamp last = new Stamp(Long.MIN_VALUE, "");

    private HttpDate() {
    }

    /** Now, to the second; the same String all through one second. */
    public static String now() {
        return at(System.currentTimeMillis() / 1000);
    }

    static String at(long epochSecond) {
        Stamp stamp = last;
        if (stamp.second() != epochSecond) {
            stamp = new Stamp(epochSecond, IMF_FIXDATE.format(Instant.ofEpochSecond(epochSecond)));
            last = stamp;
        }
        return stamp.text();
    }
}
