package org.animalstore.adapters.rest.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiPredicate;
import org.animalstore.adapters.rest.http.RefusalResponses.Refusal;
import org.animalstore.adapters.rest.ops.RequestIds;
import org.animalstore.adapters.rest.ops.AnswerRecorder;

/**
 * The guard of one connection: refuses what {@link FramingRules} refuses, an unreadable body and a request past its
 * {@link ReceiveDeadline}, then closes; answers 401 to what {@link KeyGate} turns away, keeping the connection unless
 * asked to close. Each answer is logged like Micronaut's, after the answers to earlier requests (RFC 9112 9.3.2).
 */
final class ConnectionGuard extends ChannelDuplexHandler {

    /** A refusal waiting for the answers to earlier requests: due when only {@code unanswered} remain. */
    private record Pending(Refusal refusal, String method, String requestId, int unanswered, long startedNanos) {
        static final Pending CLOSE_ONLY = new Pending(null, null, null, 0, 0); // close once the answers are out
    }

    private final FramingRules rules;
    private final RefusalResponses responses;
    private final BiPredicate<Channel, HttpRequest> keyless;
    private final Observer observer;

    private int unanswered; // requests passed on to Micronaut whose answer is not complete yet
    private boolean answering; // Micronaut has written the head of an answer but not its end
    private boolean receiving; // the end of the body of the request last passed on has not been read
    private boolean refused; // nothing more is read: the connection closes once the refusal is out
    private boolean discarding; // the body of a request the gate turned away is still arriving, and is dropped
    private Pending pending;
    private String passedOnRequestId; // its X-Request-Id, for an answer the guard gives it instead

    /** Where the guard's answers are logged and counted: {@link AnswerRecorder#answered}. */
    interface Observer {
        Observer NONE = (port, method, status, requestId, startedNanos, credentialsPresented) -> { };
        void answered(int localPort, String method, int status, String requestId, long startedNanos, boolean credentialsPresented);
    }

    /** {@code keyless}: {@link KeyGate#refuses}, asked of every request head passed on. */
    ConnectionGuard(FramingRules rules, RefusalResponses responses, BiPredicate<Channel, HttpRequest> keyless, Observer observer) {
        this.rules = rules;
        this.responses = responses;
        this.keyless = keyless;
        this.observer = observer;
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object message) {
        if (refused) {
            ReferenceCountUtil.release(message);
        } else if (message instanceof HttpRequest request) {
            long started = System.nanoTime();
            Optional<Refusal> refusal = rules.check(request);
            if (refusal.isPresent()) {
                ReferenceCountUtil.release(message);
                String method = request.decoderResult().isFailure() ? null : request.method().name(); // null: line unreadable
                refuse(context, new Pending(refusal.get(), method, requestIdOf(request), 0, started));
            } else if (keyless.test(context.channel(), request) && unanswered == 0) {
                // Only with nothing in flight: a 401 written now cannot overtake an earlier answer.
                boolean keepAlive = HttpUtil.isKeepAlive(request);
                String requestId = requestIdOf(request);
                ReferenceCountUtil.release(message);
                ChannelFuture written = context.writeAndFlush(responses.unauthorized(requestId, request.protocolVersion(), keepAlive));
                if (keepAlive) {
                    discarding = !(message instanceof LastHttpContent);
                } else {
                    // Its last answer: close at once, or, with a body to come, as after a refusal (RFC 9112 9.6).
                    refused = true;
                    written.addListener(FramingRules.declaresBody(request.headers())
                            ? done -> RefusalResponses.lingerThenClose(context) : ChannelFutureListener.CLOSE);
                }
                // Logged after the write: a flood of keyless requests is refused 6 to 10 % faster (ab.sh, 2026-11-27).
                observer.answered(localPort(context), request.method().name(), 401, requestId, started,
                        request.headers().contains(HttpHeaderNames.AUTHORIZATION));
            } else {
                unanswered++;
                passedOnRequestId = request.headers().get(RequestIds.HEADER);
                receiving = !(message instanceof LastHttpContent);
                context.fireChannelRead(message);
            }
        } else if (message instanceof HttpContent content && content.decoderResult().isFailure()) {
            ReferenceCountUtil.release(message);
            // Micronaut would take it for the end of the body, and the decoder drops all that follows: a hang.
            refuse(context, abandon(Refusal.MALFORMED_CHUNK));
        } else if (discarding) {
            ReferenceCountUtil.release(message);
            discarding = !(message instanceof LastHttpContent);
        } else {
            receiving &= !(message instanceof LastHttpContent);
            context.fireChannelRead(message);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object event) {
        if (event != ReceiveDeadline.EXPIRED) {
            context.fireUserEventTriggered(event);
        } else if (!refused) {
            // A head still arriving is the next request: its 408 comes after the answers to all before it.
            refuse(context, receiving || discarding ? abandon(Refusal.REQUEST_TIMEOUT)
                    : new Pending(Refusal.REQUEST_TIMEOUT, null, UUID.randomUUID().toString(), 0, System.nanoTime()));
        }
    }

    /** The body of the request last passed on will never arrive whole: answered here unless Micronaut answers it. */
    private Pending abandon(Refusal refusal) {
        if (unanswered == 0 || unanswered == 1 && answering) {
            return Pending.CLOSE_ONLY;
        }
        return new Pending(refusal, null, RequestIds.acceptOrGenerate(passedOnRequestId), 1, System.nanoTime());
    }

    private static String requestIdOf(HttpRequest request) {
        return RequestIds.acceptOrGenerate(request.headers().get(RequestIds.HEADER));
    }

    private static int localPort(ChannelHandlerContext context) {
        return context.channel().localAddress() instanceof InetSocketAddress local ? local.getPort() : 0;
    }

    @Override
    public void write(ChannelHandlerContext context, Object message, ChannelPromise promise) {
        if (message instanceof HttpResponse response && response.status().codeClass() != HttpStatusClass.INFORMATIONAL) {
            answering = true;
        }
        boolean answered = answering && message instanceof LastHttpContent;
        if (answered) {
            answering = false;
            unanswered--;
        }
        context.write(message, promise);
        if (answered && pending != null) {
            answerWhenDue(context);
        }
    }

    private void refuse(ChannelHandlerContext context, Pending refusal) {
        refused = true;
        pending = refusal;
        answerWhenDue(context);
    }

    private void answerWhenDue(ChannelHandlerContext context) {
        if (answering || unanswered > pending.unanswered()) {
            return;
        }
        Pending due = pending;
        pending = null;
        Object answer = Unpooled.EMPTY_BUFFER;
        if (due.refusal() != null) {
            answer = responses.answer(due.refusal(), due.requestId());
            observer.answered(localPort(context), due.method(), due.refusal().code.status().getCode(), due.requestId(), due.startedNanos(), false);
        }
        context.writeAndFlush(answer).addListener(written -> RefusalResponses.lingerThenClose(context));
    }
}
