package org.animalstore.adapters.rest.deprecation;

import io.micrometer.core.instrument.Counter;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.annotation.Order;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.web.router.RouteAttributes;
import java.security.Principal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.adapters.rest.ops.ApiMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lifecycle of the deprecated {@code GET /v1/pets/{petId}}, so its handler needs none: every response it gives,
 * errors and its 406 included (not a 401 or 429 before it), carries {@code Deprecation} (RFC 9745), {@code Sunset}
 * (RFC 8594) and a {@code successor-version} link (RFC 5829); from the sunset on it answers 410. Each authenticated
 * call is counted in the metric and in a log line (useful with metrics off), at most once a minute per key label.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class DeprecationFilter {

    /** {@code ServerFilterPhase.SECURITY.after()}, as a constant (a dynamic order makes Micronaut sort the chain on every request). */
    static final int AFTER_AUTHENTICATION = 39_250;

    /** The removal date the specification gives. */
    static final Instant SUNSET_AT = Instant.parse("2030-12-05T00:00:00Z");
    /** Since the first release (1.0.0 shipped with the operation deprecated), as RFC 9745 2.1 says: "@" and Unix time. */
    static final String DEPRECATION_VALUE = "@" + Instant.parse("2026-11-22T00:00:00Z").getEpochSecond();
    /** An IMF-fixdate (RFC 9110 section 5.6.7), as RFC 8594 requires. */
    static final String SUNSET_VALUE = "Thu, 05 Dec 2030 00:00:00 GMT";
    static final String SUCCESSOR_LINK = "</v1/pets>; rel=\"successor-version\"";
    static final String OPERATION = "/v1/pets/{petId}";

    static final Duration LOG_INTERVAL = Duration.ofMinutes(1);

    /** The name log filters and dashboards know this line by. */
    private static final Logger LOG = LoggerFactory.getLogger("org.animalstore.adapters.rest.deprecation.DeprecatedCallCounter");
    private static final String MARK = DeprecationFilter.class.getName();
    private static final String PETS = "/v1/pets/";

    /** Per label: its calls, when its next line is due (epoch ms) and its meter; read without a lock on every call. */
    private record Caller(LongAdder calls, AtomicLong nextLineAt, @Nullable Counter meter) {
    }

    private final Clock clock;
    private final @Nullable ApiMetrics metrics;
    private final Map<String, Caller> byApiKey = new ConcurrentHashMap<>();

    DeprecationFilter(Clock clock, @Nullable ApiMetrics metrics) {
        this.clock = clock;
        this.metrics = metrics;
    }

    /** An authenticated request routed to a {@code @Deprecated} handler: marked for the headers, counted, 410 after the sunset. */
    @RequestFilter
    @Order(AFTER_AUTHENTICATION)
    void admit(HttpRequest<?> request) {
        boolean deprecated = RouteAttributes.getRouteInfo(request)
                .map(route -> route.getAnnotationMetadata().hasAnnotation(Deprecated.class)).orElse(false);
        String apiKeyLabel = deprecated ? request.getUserPrincipal().map(Principal::getName).orElse(null) : null;
        if (apiKeyLabel == null) {
            return;
        }
        request.setAttribute(MARK, Boolean.TRUE);
        record(apiKeyLabel);
        if (clock.millis() >= SUNSET_AT.toEpochMilli()) {
            throw new ApiException(ErrorCode.GONE,
                    "GET /v1/pets/{petId} was removed on 5 December 2030: list pets with GET /v1/pets instead");
        }
    }

    /** Outside the other filters, so it sees every response; a 406 on the operation's path comes before the route runs. */
    @ResponseFilter
    @Order(0)
    void addDeprecationHeaders(HttpRequest<?> request, MutableHttpResponse<?> response) {
        if (request.getAttribute(MARK).isPresent()
                || response.code() == HttpStatus.NOT_ACCEPTABLE.getCode() && onTheOperationsPath(request.getPath())) {
            response.getHeaders().set("Deprecation", DEPRECATION_VALUE).set("Sunset", SUNSET_VALUE).set(HttpHeaders.LINK, SUCCESSOR_LINK);
        }
    }

    /** Counts one call by the API key with this label; when this call was also logged, the key's calls the line gave. */
    OptionalLong record(String apiKeyLabel) {
        Caller caller = byApiKey.computeIfAbsent(apiKeyLabel, label -> new Caller(new LongAdder(), new AtomicLong(Long.MIN_VALUE),
                metrics == null ? null : metrics.deprecatedCalls(OPERATION, label)));
        caller.calls().increment();
        if (caller.meter() != null) {
            caller.meter().increment();
        }
        long now = clock.millis();
        long due = caller.nextLineAt().get();
        // Of calls racing past the minute mark, exactly one wins the swap and logs.
        if (now < due || !caller.nextLineAt().compareAndSet(due, now + LOG_INTERVAL.toMillis())) {
            return OptionalLong.empty();
        }
        long calls = caller.calls().sum();
        LOG.warn("Deprecated GET /v1/pets/{petId} (sunset {}) called by API key '{}': {} calls by this key since startup",
                SUNSET_AT, apiKeyLabel, calls);
        return OptionalLong.of(calls);
    }

    /** {@code /v1/pets/{petId}}: one segment below {@code /v1/pets/}. */
    private static boolean onTheOperationsPath(String path) {
        return path.length() > PETS.length() && path.startsWith(PETS) && path.indexOf('/', PETS.length()) < 0;
    }
}
