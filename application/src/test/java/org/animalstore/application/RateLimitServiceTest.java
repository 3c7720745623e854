package org.animalstore.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.animalstore.domain.model.Quota;
import org.animalstore.domain.model.QuotaDecision;
import org.animalstore.domain.model.Quotas;
import org.animalstore.domain.port.out.InMemoryRequestCounts;
import org.animalstore.domain.testing.SettableClock;
import org.junit.jupiter.api.Test;

class RateLimitServiceTest {

    /** 20 s into a 60 s window. */
    private static final Instant START = Instant.ofEpochSecond(1_900_000_020L + 20);
    private static final Quota THREE_PER_MINUTE = new Quota(3, 60);

    private final SettableClock clock = new SettableClock(START);
    private final InMemoryRequestCounts storage = new InMemoryRequestCounts();
    private final Quotas quotas = new Quotas(Optional.of(THREE_PER_MINUTE),
            Map.of("partner", Optional.of(new Quota(5, 10)), "batch", Optional.empty()));
    private final RateLimitService instanceA = new RateLimitService(quotas, storage, clock, "a");
    private final RateLimitService instanceB = new RateLimitService(quotas, storage, clock, "b");

    @Test
    void allows_the_quota_and_counts_down_what_remains() {
        // when
        QuotaDecision first = instanceA.consume("key-1");
        QuotaDecision second = instanceA.consume("key-1");

        // then
        assertThat(first).isEqualTo(new QuotaDecision.Allowed(THREE_PER_MINUTE, 2, 40));
        assertThat(second).isEqualTo(new QuotaDecision.Allowed(THREE_PER_MINUTE, 1, 40));
    }

    @Test
    void refuses_past_the_quota_until_the_window_resets() {
        // given
        IntStream.range(0, 3).forEach(i -> instanceA.consume("key-1"));

        // when
        QuotaDecision refused = instanceA.consume("key-1");
        clock.advance(Duration.ofSeconds(40));
        QuotaDecision nextWindow = instanceA.consume("key-1");

        // then
        assertThat(refused).isEqualTo(new QuotaDecision.Refused(THREE_PER_MINUTE, 40));
        assertThat(nextWindow).isEqualTo(new QuotaDecision.Allowed(THREE_PER_MINUTE, 2, 60));
    }

    @Test
    void refused_requests_do_not_use_the_next_window() {
        // given a client that keeps calling past its quota
        IntStream.range(0, 10).forEach(i -> instanceA.consume("key-1"));

        // when
        clock.advance(Duration.ofSeconds(40));

        // then
        assertThat(instanceA.consume("key-1")).isEqualTo(new QuotaDecision.Allowed(THREE_PER_MINUTE, 2, 60));
    }

    @Test
    void each_client_has_its_own_budget_and_overrides_apply() {
        // given key-1's budget spent
        IntStream.range(0, 3).forEach(i -> instanceA.consume("key-1"));

        // then
        assertThat(instanceA.consume("key-2")).isInstanceOf(QuotaDecision.Allowed.class);
        assertThat(instanceA.consume("partner")).isEqualTo(new QuotaDecision.Allowed(new Quota(5, 10), 4, 10));
        assertThat(instanceA.consume("batch")).isEqualTo(new QuotaDecision.Unlimited());
    }

    @Test
    void without_a_standard_quota_only_clients_with_their_own_are_limited() {
        // given
        RateLimitService service = new RateLimitService(new Quotas(Optional.empty(), Map.of("partner", Optional.of(new Quota(1, 60)))),
                storage, clock, "a");

        // then
        assertThat(service.consume("key-1")).isEqualTo(new QuotaDecision.Unlimited());
        service.consume("partner");
        assertThat(service.consume("partner")).isInstanceOf(QuotaDecision.Refused.class);
    }

    @Test
    void instances_share_one_budget_once_their_counts_are_shared() {
        // given two requests on A, shared
        instanceA.consume("key-1");
        instanceA.consume("key-1");
        instanceA.shareRequestCounts();

        // when B shares and then serves the same client
        instanceB.shareRequestCounts();
        QuotaDecision onB = instanceB.consume("key-1");

        // then B allows only what A left
        assertThat(onB).isEqualTo(new QuotaDecision.Allowed(THREE_PER_MINUTE, 0, 40));
        assertThat(instanceB.consume("key-1")).isInstanceOf(QuotaDecision.Refused.class);
    }

    @Test
    void before_counts_are_shared_each_instance_decides_on_what_it_knows() {
        // given A's budget spent but not shared
        IntStream.range(0, 3).forEach(i -> instanceA.consume("key-1"));

        // then B still allows: the documented tolerance
        assertThat(instanceB.consume("key-1")).isInstanceOf(QuotaDecision.Allowed.class);
    }

    @Test
    void counts_of_past_windows_do_not_carry_over() {
        // given A's budget spent and shared
        IntStream.range(0, 3).forEach(i -> instanceA.consume("key-1"));
        instanceA.shareRequestCounts();

        // when the window ends and B shares
        clock.advance(Duration.ofSeconds(40));
        instanceB.shareRequestCounts();

        // then
        assertThat(instanceB.consume("key-1")).isEqualTo(new QuotaDecision.Allowed(THREE_PER_MINUTE, 2, 60));
    }

    @Test
    void sharing_forgets_windows_no_quota_can_still_be_in() {
        // given a count shared a window ago, then time beyond the longest window
        instanceA.consume("key-1");
        instanceA.shareRequestCounts();
        clock.advance(Duration.ofSeconds(100));

        // when
        instanceA.shareRequestCounts();

        // then
        assertThat(storage.share("b", List.of(), 0)).isEmpty();
    }
}
