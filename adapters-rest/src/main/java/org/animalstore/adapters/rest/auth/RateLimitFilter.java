package org.animalstore.adapters.rest.auth;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.annotation.Order;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.security.authentication.Authentication;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.adapters.rest.error.ErrorResponses;
import org.animalstore.adapters.rest.ops.Requests;
import org.animalstore.domain.model.Quota;
import org.animalstore.domain.model.QuotaDecision;
import org.animalstore.domain.port.in.ConsumeQuotaUseCase;

/**
 * Applies the calling API key's quota: every authenticated request is counted, one past the quota is
 * answered 429 {@code rate_limited} with {@code Retry-After}, and every response to a key with a quota
 * carries {@code RateLimit-Policy} and {@code RateLimit} (draft-ietf-httpapi-ratelimit-headers-11).
 * Requests refused before authentication (401) are not counted: they name no key.
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
        Authentication caller = request.getUserPrincipal(Authentication.class).orElse(null);
        if (caller == null || !Requests.forTheApi(request)) {
            return null;
        }
        QuotaDecision decision = quotas.consume(caller.getName());
        request.setAttribute(DECISION, decision);
        if (decision instanceof QuotaDecision.Refused refused) {
            MutableHttpResponse<?> response = ErrorResponses.of(ErrorCode.RATE_LIMITED, "This API key's quota of " + describe(refused.quota())
                    + " is used up; retry after the Retry-After seconds");
            response.header(HttpHeaders.RETRY_AFTER, Long.toString(refused.resetSeconds()));
            return signal(decision, response);
        }
        return null;
    }

    /** Outside the other filters (order 0), so errors answered after admission carry the headers too. */
    @ResponseFilter
    @Order(0)
    void addRateLimitHeaders(HttpRequest<?> request, MutableHttpResponse<?> response) {
        request.getAttribute(DECISION, QuotaDecision.class).ifPresent(decision -> signal(decision, response));
    }

    private static MutableHttpResponse<?> signal(QuotaDecision decision, MutableHttpResponse<?> response) {
        switch (decision) {
            case QuotaDecision.Allowed allowed -> headers(response, allowed.quota(), allowed.remaining(), allowed.resetSeconds());
            case QuotaDecision.Refused refused -> headers(response, refused.quota(), 0, refused.resetSeconds());
            case QuotaDecision.Unlimited unlimited -> {
            }
        }
        return response;
    }

    private static void headers(MutableHttpResponse<?> response, Quota quota, long remaining, long resetSeconds) {
        response.getHeaders().set(RateLimitHeaders.POLICY, RateLimitHeaders.POLICY_NAME + ";q=" + quota.requests() + ";w=" + quota.windowSeconds());
        response.getHeaders().set(RateLimitHeaders.REMAINING, RateLimitHeaders.POLICY_NAME + ";r=" + remaining + ";t=" + resetSeconds);
    }

    private static String describe(Quota quota) {
        return quota.requests() + " requests per " + quota.windowSeconds() + " s";
    }
}
