package org.animalstore.adapters.rest.ops;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.MutableHttpHeaders;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * What every response, errors included, says about how it may be handled; applied by {@link RequestObservationFilter},
 * and by the HTTP fence to its own answers: {@code X-Content-Type-Options: nosniff} (a browser never reads a JSON body
 * as something else); {@code Cache-Control: no-store} unless the response chose its own (answers to keyed requests must
 * not be kept by a shared cache); {@code Vary: Accept-Encoding} (any body may be compressed); {@code Date}
 * ({@link #date()}; Micronaut's is off, {@code micronaut.server.date-header}).
 */
public final class ResponseHeaderPolicy {

    public static final String CONTENT_TYPE_OPTIONS = "X-Content-Type-Options";
    public static final String NO_SNIFF = "nosniff";
    public static final String NO_STORE = "no-store";

    private static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private record Stamp(long second, String text) {
    }

    private static volatile Stamp lastDate = new Stamp(Long.MIN_VALUE, "");

    private ResponseHeaderPolicy() {
    }

    static void apply(MutableHttpHeaders headers) {
        headers.set(CONTENT_TYPE_OPTIONS, NO_SNIFF);
        headers.set(HttpHeaders.DATE, date());
        if (!headers.contains(HttpHeaders.CACHE_CONTROL)) {
            headers.set(HttpHeaders.CACHE_CONTROL, NO_STORE);
        }
        String vary = headers.get(HttpHeaders.VARY);
        if (vary == null) {
            headers.set(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
        } else if (!vary.toLowerCase(Locale.ROOT).contains("accept-encoding")) {
            headers.set(HttpHeaders.VARY, vary + ", " + HttpHeaders.ACCEPT_ENCODING);
        }
    }

    /** The {@code Date} value (RFC 9110 6.6.1), formatted once a second: per response it was a sixth of a create's allocations. */
    public static String date() {
        return dateAt(System.currentTimeMillis() / 1000);
    }

    static String dateAt(long epochSecond) {
        Stamp stamp = lastDate;
        if (stamp.second() != epochSecond) {
            stamp = new Stamp(epochSecond, IMF_FIXDATE.format(Instant.ofEpochSecond(epochSecond)));
            lastDate = stamp;
        }
        return stamp.text();
    }
}
