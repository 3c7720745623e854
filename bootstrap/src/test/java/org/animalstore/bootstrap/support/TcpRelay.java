package org.animalstore.bootstrap.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP relay on loopback between the service and the real PostgreSQL, so a test can take the
 * database away the way a network does: {@link #cut()} (connections reset, new ones refused) or
 * {@link #freeze()} (connections stay open but nothing gets through, as when packets are dropped).
 */
public final class TcpRelay implements AutoCloseable {

    private enum State { RELAYING, CUT, FROZEN }

    private final int targetPort;
    private final int port;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile State state = State.RELAYING;
    private volatile ServerSocket listener;

    public TcpRelay(int targetPort) throws IOException {
        this.targetPort = targetPort;
        ServerSocket first = new ServerSocket();
        first.setReuseAddress(true);
        first.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        this.port = first.getLocalPort();
        listen(first);
    }

    public int port() {
        return port;
    }

    /** Resets every connection and refuses new ones, as a stopped server or a closed firewall does. */
    public synchronized void cut() throws IOException {
        state = State.CUT;
        listener.close();
        closeAll();
    }

    /** Keeps connections open but lets nothing through either way; new connections are accepted and ignored. */
    public synchronized void freeze() {
        state = State.FROZEN;
    }

    /** The database is back: what was frozen is dropped (its streams are broken), new connections get through. */
    public synchronized void restore() throws IOException {
        if (state == State.FROZEN) {
            closeAll();
        }
        if (listener.isClosed()) {
            ServerSocket again = new ServerSocket();
            again.setReuseAddress(true);
            again.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            listen(again);
        }
        state = State.RELAYING;
    }

    @Override
    public synchronized void close() throws IOException {
        state = State.CUT;
        listener.close();
        closeAll();
    }

    private void listen(ServerSocket serverSocket) {
        this.listener = serverSocket;
        Thread.ofVirtual().name("relay-accept").start(() -> {
            while (!serverSocket.isClosed()) {
                try {
                    Socket client = serverSocket.accept();
                    sockets.add(client);
                    if (state == State.RELAYING) {
                        Socket upstream = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                        sockets.add(upstream);
                        pump(client, upstream);
                        pump(upstream, client);
                    } else {
                        pump(client, null);
                    }
                } catch (IOException e) {
                    // the listener was closed by cut() or close()
                }
            }
        });
    }

    /** Copies bytes from one side to the other while relaying; swallows them while frozen. */
    private void pump(Socket from, Socket to) {
        Thread.ofVirtual().name("relay-pump").start(() -> {
            byte[] buffer = new byte[16384];
            try (InputStream in = from.getInputStream()) {
                OutputStream out = to == null ? null : to.getOutputStream();
                int read;
                while ((read = in.read(buffer)) >= 0) {
                    if (state == State.RELAYING && out != null) {
                        out.write(buffer, 0, read);
                        out.flush();
                    }
                }
            } catch (IOException e) {
                // one side closed: close the other so the peer sees it too
            }
            closeQuietly(from);
            if (to != null) {
                closeQuietly(to);
            }
        });
    }

    private void closeAll() {
        sockets.forEach(TcpRelay::closeQuietly);
        sockets.clear();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
