package org.animalstore.adapters.rest.ops;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.MutableHttpHeaders;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * What every response says about how it may be handled, errors (the security filter's 401s included)
 * as well as answers; applied by {@link RequestObservationFilter}, and by the HTTP fence to its own answers:
 * <ul>
 *   <li>{@code X-Content-Type-Options: nosniff}: a browser never reads a JSON body as something else;</li>
 *   <li>{@code Cache-Control: no-store}, unless the response chose its own (the public OpenAPI document
 *       and its page): answers to keyed requests must not be kept by a shared cache;</li>
 *   <li>{@code Vary: Accept-Encoding}: any body may be sent compressed, depending on that header;</li>
 *   <li>{@code Date}, which an origin server with a clock must send ({@link #date()}; Micronaut's own is
 *       off, {@code micronaut.server.date-header}).</li>
 * </ul>
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

    /**
     * The {@code Date} header's value, an IMF-fixdate (RFC 9110 section 6.6.1), the same String all through one second:
     * Micronaut formatted it through {@code ZonedDateTime} for every response, a sixth of what a create allocated.
     */
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
