package org.animalstore.adapters.rest.ops;

import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.util.Set;

/**
 * What operators see of every answer, routed ({@link RequestObservationFilter}) or given by the HTTP fence before
 * Micronaut routes the request (a refusal of what HTTP cannot frame, a 401 to a request without a key): the
 * access-log line and the meters, the fence's with the route {@value Requests#UNMATCHED} ({@code UNMATCHED_URI} in
 * the request timer, as Micronaut names it).
 */
@Singleton
public final class UnroutedAnswers {

    /** Methods a meter may be tagged with; any other is caller-controlled text, counted as UNKNOWN. */
    private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH");

    private final ManagementPort managementPort;
    private final AccessLog accessLog;
    private final @Nullable ApiMetrics metrics;

    UnroutedAnswers(ManagementPort managementPort, AccessLog accessLog, @Nullable ApiMetrics metrics) {
        this.managementPort = managementPort;
        this.accessLog = accessLog;
        this.metrics = metrics;
    }

    /**
     * Logs and counts one answer of the fence. {@code method} is null when the request line could not be read,
     * {@code credentialsPresented} whether the request had an Authorization header.
     */
    public void answered(int localPort, @Nullable String method, int status, String requestId, long startedNanos, boolean credentialsPresented) {
        String known = method != null && METHODS.contains(method) ? method : "UNKNOWN";
        answered(managementPort.isManagementPort(localPort), known, Requests.UNMATCHED, status, ApiMetrics.NO_EXCEPTION,
                Requests.ANONYMOUS, credentialsPresented, requestId, null, startedNanos);
    }

    /** Any answer: the request timer; the API's meters (off the management port); the access line. */
    void answered(boolean management, String method, String route, int status, String exception, String key,
                  boolean credentialsPresented, String requestId, @Nullable String traceId, long startedNanos) {
        if (metrics != null) {
            metrics.answered(method, status, ApiMetrics.uriTag(route, status), exception, System.nanoTime() - startedNanos);
            if (!management && status == 401) {
                metrics.authenticationFailure(credentialsPresented);
            } else if (!management && !key.equals(Requests.ANONYMOUS)) {
                metrics.authenticatedRequest(key);
            }
        }
        accessLog.answered(management, method, route, status, key, requestId, traceId, startedNanos);
    }
}
