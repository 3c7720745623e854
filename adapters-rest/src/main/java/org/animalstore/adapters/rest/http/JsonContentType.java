package org.animalstore.adapters.rest.http;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;

/**
 * Names every JSON answer {@code application/json}, without parameters. An answer whose route set no
 * Content-Type gets, from Micronaut, the first media type of the request's {@code Accept} with all its
 * parameters ({@code RouteExecutor.resolveDefaultResponseContentType}): {@code Accept: application/json;q=0.9,
 * *}{@code /*;q=0.1} was answered as {@code application/json;q=0.9}, a weight where a media type's
 * parameters go (RFC 9110 12.5.1), and any parameter a client made up came back. JSON has none
 * (RFC 8259 11), so whatever follows the type goes.
 */
@ChannelHandler.Sharable
final class JsonContentType extends ChannelOutboundHandlerAdapter {

    static final JsonContentType PLAIN = new JsonContentType();

    private static final String JSON = HttpHeaderValues.APPLICATION_JSON.toString();

    private JsonContentType() {
    }

    @Override
    public void write(ChannelHandlerContext context, Object message, ChannelPromise promise) {
        if (message instanceof HttpResponse response) {
            String type = response.headers().get(HttpHeaderNames.CONTENT_TYPE);
            if (type != null && !type.equals(JSON) && isJson(type)) {
                response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
            }
        }
        context.write(message, promise);
    }

    /** {@code application/json} in any case, alone or followed by parameters. */
    private static boolean isJson(String type) {
        return type.regionMatches(true, 0, JSON, 0, JSON.length())
                && (type.length() == JSON.length() || " \t;".indexOf(type.charAt(JSON.length())) >= 0);
    }
}
