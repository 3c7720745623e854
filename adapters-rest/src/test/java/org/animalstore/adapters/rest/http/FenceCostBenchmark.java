package org.animalstore.adapters.rest.http;

import io.micronaut.json.JsonMapper;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * What each handler of the fence costs per request, on one thread, without JMH: requests go through
 * Netty's HTTP/1.1 codec, the handlers measured, and a stand-in for Micronaut that answers each with
 * a small response, in batches; variants take turns, so drift on a shared machine hits them alike.
 * Run by scripts/bench/fence-cost.sh; prints the thread's CPU nanoseconds per request (so time the
 * thread spends descheduled does not count), and the cost of each variant over the codec alone.
 */
final class FenceCostBenchmark {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final RefusalResponses RESPONSES = new RefusalResponses(JsonMapper.createDefault(), TIMEOUT);
    private static final int BATCH = 50_000;
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private FenceCostBenchmark() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        Map<String, byte[]> requests = Map.of(
                "get", bytes("GET /v1/pets?limit=10 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAuthorization: Bearer bench-key-0000000000000001\r\n"
                        + "Accept: application/json\r\nUser-Agent: bench/1.0\r\n\r\n"),
                "post", bytes("POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAuthorization: Bearer bench-key-0000000000000001\r\n"
                        + "Content-Type: application/json\r\nAccept: application/json, text/plain, */*\r\nContent-Length: 29\r\n\r\n"
                        + "{\"name\":\"Rex\",\"categoryId\":1}"));
        Map<String, Supplier<Variant>> variants = new LinkedHashMap<>();
        variants.put("codec alone", () -> new Variant(List.of(), List.of()));
        variants.put("+ connection guard", () -> new Variant(List.of(), List.of(guard())));
        variants.put("+ receive deadline", () -> {
            ReceiveDeadline deadline = new ReceiveDeadline(TIMEOUT);
            return new Variant(List.of(deadline.start()), List.of(deadline.end()));
        });
        variants.put("+ header rewrites", () -> new Variant(List.of(), List.of(HeaderRewrites.ALL)));
        variants.put("+ request-id backstop", () -> new Variant(List.of(), List.of(new RequestIdBackstop())));
        variants.put("whole fence", () -> {
            ReceiveDeadline deadline = new ReceiveDeadline(TIMEOUT);
            return new Variant(List.of(deadline.start()),
                    List.of(deadline.end(), guard(), HeaderRewrites.ALL));
        });
        System.out.printf("fence cost: %d rounds of %d requests per variant, JDK %s%n", rounds, BATCH, Runtime.version());
        for (Map.Entry<String, byte[]> request : requests.entrySet()) {
            Map<String, double[]> nanos = measure(variants, request.getValue(), rounds);
            double base = median(nanos.get("codec alone"));
            System.out.printf("%n%s request (%d bytes)%n", request.getKey(), request.getValue().length);
            nanos.forEach((name, samples) -> System.out.printf("  %-22s %7.0f ns/request  (+%5.0f ns, %5.1f %% over the codec)%n",
                    name, median(samples), median(samples) - base, (median(samples) / base - 1) * 100));
        }
    }

    /** Handlers before the codec, and after it. */
    private record Variant(List<ChannelHandler> before, List<ChannelHandler> after) {
    }

    private static Map<String, double[]> measure(Map<String, Supplier<Variant>> variants, byte[] request, int rounds) {
        Map<String, double[]> nanos = new LinkedHashMap<>();
        variants.keySet().forEach(name -> nanos.put(name, new double[rounds]));
        for (int warmup = 0; warmup < 10; warmup++) {
            variants.values().forEach(variant -> run(variant.get(), request));
        }
        for (int round = 0; round < rounds; round++) {
            for (Map.Entry<String, Supplier<Variant>> variant : variants.entrySet()) {
                nanos.get(variant.getKey())[round] = run(variant.getValue().get(), request);
            }
        }
        return nanos;
    }

    /** Nanoseconds per request for one batch on a fresh connection. */
    private static double run(Variant variant, byte[] request) {
        List<ChannelHandler> pipeline = new ArrayList<>(variant.before());
        pipeline.add(new HttpServerCodec());
        pipeline.addAll(variant.after());
        pipeline.add(new Micronaut());
        EmbeddedChannel channel = new EmbeddedChannel(pipeline.toArray(ChannelHandler[]::new));
        long started = CPU.getCurrentThreadCpuTime();
        for (int i = 0; i < BATCH; i++) {
            channel.writeInbound(Unpooled.wrappedBuffer(request));
            for (Object written = channel.readOutbound(); written != null; written = channel.readOutbound()) {
                ReferenceCountUtil.release(written);
            }
        }
        long elapsed = CPU.getCurrentThreadCpuTime() - started;
        channel.finishAndReleaseAll();
        return (double) elapsed / BATCH;
    }

    private static ChannelHandler guard() {
        return new ConnectionGuard(new FramingRules(16_384), RESPONSES, (channel, request) -> false, ConnectionGuard.Observer.NONE);
    }

    private static double median(double[] samples) {
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The handler removed on 2026-11-23 (an X-Request-Id on responses no filter saw), kept here to quote its cost. */
    private static final class RequestIdBackstop extends ChannelOutboundHandlerAdapter {
        @Override
        public void write(ChannelHandlerContext context, Object message, ChannelPromise promise) {
            if (message instanceof HttpResponse response && !response.headers().contains("X-Request-Id")) {
                response.headers().set("X-Request-Id", UUID.randomUUID().toString());
            }
            context.write(message, promise);
        }
    }

    /** Answers each request once its last part is in, as Micronaut would, and drops what it reads. */
    private static final class Micronaut extends ChannelInboundHandlerAdapter {
        private static final byte[] BODY = bytes("{\"pets\":[]}");

        @Override
        public void channelRead(ChannelHandlerContext context, Object message) {
            boolean last = message instanceof LastHttpContent;
            ReferenceCountUtil.release(message);
            if (last) {
                ByteBuf body = Unpooled.wrappedBuffer(BODY);
                DefaultFullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, body);
                response.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json").setInt(HttpHeaderNames.CONTENT_LENGTH, BODY.length)
                        .set("X-Request-Id", "3f1c2a5e-0b7d-4e8a-9c61-2d4f8b7a9e10");
                context.writeAndFlush(response);
            }
        }
    }
}
