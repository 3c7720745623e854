package org.animalstore.domain.model;

/** A budget of requests per fixed window, such as 600 every 60 s; windows are aligned on the epoch, so instances agree. */
public record Quota(long requests, long windowSeconds) {

    /** The longest window: a day. Longer ones would keep counts for too long to be useful. */
    public static final long MAX_WINDOW_SECONDS = 86_400;

    public Quota {
        if (requests < 1) {
            throw new IllegalArgumentException("a quota allows at least 1 request, not " + requests);
        }
        if (windowSeconds < 1 || windowSeconds > MAX_WINDOW_SECONDS) {
            throw new IllegalArgumentException("a quota's window is 1 to " + MAX_WINDOW_SECONDS + " seconds, not " + windowSeconds);
        }
    }

    /** The start, in seconds since the epoch, of the window that holds {@code epochSecond}. */
    public long windowStart(long epochSecond) {
        return Math.floorDiv(epochSecond, windowSeconds) * windowSeconds;
    }

    /** As configured: {@code <requests>/<seconds>s}. */
    @Override
    public String toString() {
        return requests + "/" + windowSeconds + "s";
    }
}
