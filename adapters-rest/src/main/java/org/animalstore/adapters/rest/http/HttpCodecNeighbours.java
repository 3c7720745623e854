package org.animalstore.adapters.rest.http;

import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;

/**
 * Installs Netty handlers next to the HTTP/1.1 codec of every connection the server opens: the one
 * place to act on a request before Micronaut routes it, or on a response no filter saw.
 */
public final class HttpCodecNeighbours {

    private static final String[] CODECS = {ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, ChannelPipelineCustomizer.HANDLER_HTTP_DECODER};

    private HttpCodecNeighbours() {
    }

    /** Adds handlers to one connection's pipeline, given the name of its HTTP codec handler. */
    @FunctionalInterface
    public interface Installer {
        void install(ChannelPipeline pipeline, String codec);
    }

    /** Runs the installer on the pipeline of each new connection that has an HTTP/1.1 codec. */
    public static void register(NettyServerCustomizer.Registry registry, Installer installer) {
        registry.register(new Customizer(null, installer));
    }

    private record Customizer(Channel channel, Installer installer) implements NettyServerCustomizer {
        @Override
        public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
            return new Customizer(channel, installer);
        }

        @Override
        public void onStreamPipelineBuilt() {
            ChannelPipeline pipeline = channel.pipeline();
            for (String codec : CODECS) {
                if (pipeline.get(codec) != null) {
                    installer.install(pipeline, codec);
                    return;
                }
            }
        }
    }
}
