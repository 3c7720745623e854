package org.animalstore.adapters.rest.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.json.JsonMapper;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The deadline around a real HTTP codec and the connection guard, on a channel whose clock the test moves. */
class ReceiveDeadlineTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final ReceiveDeadline deadline = new ReceiveDeadline(TIMEOUT);
    private final EmbeddedChannel channel = new EmbeddedChannel(deadline.start(), new HttpServerCodec(), deadline.end(),
            new ConnectionGuard(new FramingRules(16_384), new RefusalResponses(JsonMapper.createDefault(), TIMEOUT),
                    (channel, request) -> false, ConnectionGuard.Observer.NONE));

    ReceiveDeadlineTest() {
        channel.freezeTime(); // only elapse() moves the channel's clock
    }

    @Test
    void answers_408_and_closes_when_a_head_takes_longer_than_the_timeout() {
        receive("GET /v1/pets HTTP/1.1\r\nHost: lo");

        elapse(TIMEOUT.minusMillis(1));
        assertThat(sent()).isEmpty();
        elapse(Duration.ofMillis(1));

        assertThat(sent()).startsWith("HTTP/1.1 408 ").contains("The request did not arrive within 2 s");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void closes_a_connection_that_sends_nothing_within_the_timeout_without_an_answer() {
        EmbeddedChannel silent = new EmbeddedChannel();
        silent.freezeTime();
        ReceiveDeadline fresh = new ReceiveDeadline(TIMEOUT);
        silent.pipeline().addLast(fresh.start(), new HttpServerCodec(), fresh.end());

        silent.advanceTimeBy(TIMEOUT.toMillis() - 1, TimeUnit.MILLISECONDS);
        silent.runScheduledPendingTasks();
        assertThat(silent.isOpen()).isTrue();
        silent.advanceTimeBy(1, TimeUnit.MILLISECONDS);
        silent.runScheduledPendingTasks();

        assertThat(silent.isOpen()).isFalse();
        assertThat((Object) silent.readOutbound()).isNull();
    }

    @Test
    void keeps_a_connection_whose_first_byte_came_in_time() {
        receive("GET /v1/pets HTTP/1.1\r\nHost: localhost\r\n\r\n");

        elapse(TIMEOUT.multipliedBy(3));

        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void restarts_for_each_request_once_the_last_one_has_arrived_whole() {
        receive("GET /v1/pets HTTP/1.1\r\nHost: localhost\r\n\r\n");
        elapse(TIMEOUT.multipliedBy(2));

        receive("GET /v1/pets HTTP/1.1\r\n");
        elapse(TIMEOUT.minusMillis(1));

        assertThat(sent()).isEmpty();
        assertThat(channel.isOpen()).isTrue();
    }

    private void receive(String bytes) {
        channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.US_ASCII));
        for (Object passedOn = channel.readInbound(); passedOn != null; passedOn = channel.readInbound()) {
            ReferenceCountUtil.release(passedOn);
        }
    }

    private void elapse(Duration time) {
        channel.advanceTimeBy(time.toNanos(), TimeUnit.NANOSECONDS);
        channel.runScheduledPendingTasks();
    }

    private String sent() {
        return Written.drain(channel);
    }
}
