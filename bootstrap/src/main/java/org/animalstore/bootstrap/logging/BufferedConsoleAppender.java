package org.animalstore.bootstrap.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Standard output, buffered. Logback's console appender makes one write system call per line, which
 * with an access-log line per request cost about 15 us of CPU per request (docs/performance.md).
 * Here lines collect in a buffer and reach System.out in large writes: when the buffer fills, every {@code flushIntervalMillis}
 * (default 100), at once for WARN and ERROR, and when logging stops. Standard output is flushed,
 * never closed.
 */
public final class BufferedConsoleAppender extends OutputStreamAppender<ILoggingEvent> {

    /** Whatever System.out is at the time of writing, as with logback's console appender. */
    private OutputStream target = new OutputStream() {
        @Override
        public void write(int b) {
            System.out.write(b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            System.out.write(bytes, offset, length);
        }

        @Override
        public void flush() {
            System.out.flush();
        }
    };
    private int bufferSize = 64 * 1024;
    private long flushIntervalMillis = 100;
    private ScheduledExecutorService flusher;

    public void setBufferSize(int bufferSize) {
        this.bufferSize = bufferSize;
    }

    public void setFlushIntervalMillis(long flushIntervalMillis) {
        this.flushIntervalMillis = flushIntervalMillis;
    }

    /** Where the lines go instead of standard output (tests). */
    void setTarget(OutputStream target) {
        this.target = target;
    }

    @Override
    public void start() {
        if (bufferSize < 1 || flushIntervalMillis < 1) {
            addError("bufferSize and flushIntervalMillis must be positive");
            return;
        }
        setImmediateFlush(false);
        setOutputStream(new BufferedOutputStream(target, bufferSize));
        super.start();
        if (!isStarted()) {
            return;
        }
        flusher = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "log-flusher");
            thread.setDaemon(true);
            return thread;
        });
        flusher.scheduleWithFixedDelay(this::flush, flushIntervalMillis, flushIntervalMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    protected void subAppend(ILoggingEvent event) {
        super.subAppend(event);
        if (event.getLevel().isGreaterOrEqual(Level.WARN)) {
            flush();
        }
    }

    /** Writes out what the buffer holds. */
    public void flush() {
        streamWriteLock.lock();
        try {
            if (isStarted()) {
                getOutputStream().flush();
            }
        } catch (IOException e) {
            addError("Could not flush the log buffer", e);
        } finally {
            streamWriteLock.unlock();
        }
    }

    @Override
    public void stop() {
        if (flusher != null) {
            flusher.shutdownNow();
        }
        super.stop();
    }

    /** Called by stop() and setOutputStream(): flush, but leave standard output open for whatever writes to it after logging stops. */
    @Override
    protected void closeOutputStream() {
        OutputStream buffered = getOutputStream();
        if (buffered == null) {
            return;
        }
        try {
            buffered.flush();
        } catch (IOException e) {
            addError("Could not flush the log buffer", e);
        }
    }
}
