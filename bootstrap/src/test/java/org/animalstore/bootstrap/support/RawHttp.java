package org.animalstore.bootstrap.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Sends bytes exactly as written, for requests a well-behaved client library refuses to build. */
public final class RawHttp {

    private RawHttp() {
    }

    public record Response(String statusLine, int status, Map<String, String> headers, String body) {

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** What came back on one connection: the responses in order, and whether the server closed it afterwards. */
    public record Conversation(List<Response> responses, boolean closed) {

        public List<Integer> statuses() {
            return responses.stream().map(Response::status).toList();
        }
    }

    /** Sends {@code head} (request line and headers, CRLF-separated, without the blank line), then {@code body}. */
    public static Response send(URI server, String head, byte[] body) {
        try (Socket socket = new Socket(server.getHost(), server.getPort())) {
            socket.setSoTimeout(10_000);
            var out = socket.getOutputStream();
            out.write((head + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            return new Reader(readAll(socket.getInputStream())).next();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Response send(URI server, String head) {
        return send(server, head, new byte[0]);
    }

    /**
     * Writes {@code bytes} exactly as given (ISO-8859-1: one char, one byte), typically several requests
     * pipelined, and reads until the server closes the connection or, once it has begun to answer, stays
     * silent for a second.
     */
    public static Conversation converse(URI server, String bytes) {
        return converse(server, bytes, List.of());
    }

    /**
     * As {@link #converse(URI, String)}, given the methods of the requests in order, so that answers to
     * HEAD are read without content whatever their Content-Length says (RFC 9112 6.3).
     */
    public static Conversation converse(URI server, String bytes, List<String> methods) {
        try (Socket socket = new Socket(server.getHost(), server.getPort())) {
            socket.getOutputStream().write(bytes.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            boolean closed = readUntilClosed(socket, received, methods.size());
            Reader reader = new Reader(received.toByteArray());
            List<Response> responses = new ArrayList<>();
            while (reader.hasMore()) {
                boolean head = responses.size() < methods.size() && methods.get(responses.size()).equals("HEAD");
                responses.add(reader.next(head));
            }
            return new Conversation(responses, closed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * True when the server closed (or reset) the connection, false when it went silent with it open. The
     * answers may take a while on a loaded machine: until {@code expected} status lines (at least one) have
     * come it waits up to 10 s for each read; after them, a second of silence means no more is coming.
     */
    private static boolean readUntilClosed(Socket socket, ByteArrayOutputStream received, int expected) throws IOException {
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[8192];
        try {
            socket.setSoTimeout(10_000);
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                received.write(buffer, 0, read);
                if (statusLines(received.toString(StandardCharsets.ISO_8859_1)) >= Math.max(1, expected)) {
                    socket.setSoTimeout(1_000);
                }
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true; // reset after the answers: closed all the same
        }
    }

    /** Status lines so far (an answer follows the last byte of the one before, with no line break between). */
    private static int statusLines(String text) {
        int count = 0;
        for (int at = text.indexOf("HTTP/1."); at >= 0; at = text.indexOf("HTTP/1.", at + 1)) {
            count++;
        }
        return count;
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        in.transferTo(bytes);
        return bytes.toByteArray();
    }

    /** Reads responses one after the other, framed as RFC 9112 (6.3) says, from what a connection received. */
    private static final class Reader {
        private final String text;
        private int at;

        Reader(byte[] raw) {
            this.text = new String(raw, StandardCharsets.ISO_8859_1);
        }

        boolean hasMore() {
            return at < text.length();
        }

        Response next() {
            return next(false);
        }

        Response next(boolean answersHead) {
            int end = text.indexOf("\r\n\r\n", at);
            if (end < 0) {
                throw new AssertionError("no complete HTTP response: " + text.substring(at));
            }
            String[] lines = text.substring(at, end).split("\r\n");
            int status = Integer.parseInt(lines[0].split(" ")[1]);
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
            at = end + 4;
            String body = status < 200 || answersHead ? "" : body(headers);
            return new Response(lines[0], status, headers, new String(body.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8));
        }

        /** By Content-Length, by chunks, or up to the close. */
        private String body(Map<String, String> headers) {
            if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                return dechunk();
            }
            String length = headers.get("content-length");
            int bodyEnd = length == null ? text.length() : at + Integer.parseInt(length);
            String body = text.substring(at, bodyEnd);
            at = bodyEnd;
            return body;
        }

        private String dechunk() {
            StringBuilder body = new StringBuilder();
            while (true) {
                int lineEnd = text.indexOf("\r\n", at);
                int size = Integer.parseInt(text.substring(at, lineEnd).trim(), 16);
                if (size == 0) {
                    at = text.indexOf("\r\n\r\n", lineEnd) + 4; // past the (empty) trailer section
                    return body.toString();
                }
                body.append(text, lineEnd + 2, lineEnd + 2 + size);
                at = lineEnd + 2 + size + 2;
            }
        }
    }
}
