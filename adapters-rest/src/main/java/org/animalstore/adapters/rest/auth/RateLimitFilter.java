package org.animalstore.adapters.rest.auth;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.annotation.Order;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import java.security.Principal;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.adapters.rest.error.ErrorResponses;
import org.animalstore.adapters.rest.ops.Requests;
import org.animalstore.domain.model.Quota;
import org.animalstore.domain.model.QuotaDecision;
import org.animalstore.domain.port.in.ConsumeQuotaUseCase;

/**
 * Applies the calling API key's quota: every authenticated request counts (a 401 names no key), one past the quota
 * gets 429 {@code rate_limited} with {@code Retry-After}, and every response to a key with a quota carries
 * {@code RateLimit-Policy} and {@code RateLimit} (draft-ietf-httpapi-ratelimit-headers-11).
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class RateLimitFilter {

    /** After authentication (39 000), before the deprecated operation is admitted and counted (39 250). */
    static final int AFTER_AUTHENTICATION = 39_100;

    private static final String DECISION = RateLimitFilter.class.getName() + ".decision";

    private final ConsumeQuotaUseCase quotas;

    RateLimitFilter(ConsumeQuotaUseCase quotas) {
        this.quotas = quotas;
    }

    @RequestFilter
    @Order(AFTER_AUTHENTICATION)
    @Nullable
    MutableHttpResponse<?> admit(HttpRequest<?> request) {
        String caller = request.getUserPrincipal().map(Principal::getName).orElse(null);
        if (caller == null || !Requests.forTheApi(request)) {
            return null;
        }
        QuotaDecision decision = quotas.consume(caller);
        request.setAttribute(DECISION, decision);
        if (!(decision instanceof QuotaDecision.Refused(Quota quota, long resetSeconds))) {
            return null;
        }
        MutableHttpResponse<?> response = ErrorResponses.of(ErrorCode.RATE_LIMITED, "This API key's quota of " + quota.requests()
                + " requests per " + quota.windowSeconds() + " s is used up; retry after the Retry-After seconds");
        addRateLimitHeaders(request, response.header(HttpHeaders.RETRY_AFTER, Long.toString(resetSeconds)));
        return response;
    }

    /** Outside the other filters (order 0), so errors answered after admission carry the headers too. */
    @ResponseFilter
    @Order(0)
    void addRateLimitHeaders(HttpRequest<?> request, MutableHttpResponse<?> response) {
        switch (request.getAttribute(DECISION, QuotaDecision.class).orElse(null)) {
            case QuotaDecision.Allowed(Quota quota, long remaining, long resetSeconds) -> headers(response, quota, remaining, resetSeconds);
            case QuotaDecision.Refused(Quota quota, long resetSeconds) -> headers(response, quota, 0, resetSeconds);
            case null, default -> {
            }
        }
    }

    private static void headers(MutableHttpResponse<?> response, Quota quota, long remaining, long resetSeconds) {
        response.getHeaders().set(RateLimitHeaders.POLICY, RateLimitHeaders.POLICY_NAME + ";q=" + quota.requests() + ";w=" + quota.windowSeconds());
        response.getHeaders().set(RateLimitHeaders.REMAINING, RateLimitHeaders.POLICY_NAME + ";r=" + remaining + ";t=" + resetSeconds);
    }
}
