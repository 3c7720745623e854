package org.animalstore.adapters.rest.ops;

import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.util.Set;

/**
 * What operators see of an answer the HTTP fence gives before Micronaut routes the request (a
 * refusal of what HTTP cannot frame, a 401 to a request without a key): the same access-log line and
 * meters as every other answer, with the route {@value Requests#UNMATCHED} ({@code UNMATCHED_URI} in the request timer, as
 * Micronaut names it).
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
     * Logs and counts one answer. {@code method} is null when the request line could not be read,
     * {@code credentialsPresented} whether the request had an Authorization header.
     */
    public void answered(int localPort, @Nullable String method, int status, String requestId, long startedNanos, boolean credentialsPresented) {
        String known = method != null && METHODS.contains(method) ? method : "UNKNOWN";
        boolean management = managementPort.isManagementPort(localPort);
        if (metrics != null) {
            metrics.answered(known, status, ApiMetrics.UNMATCHED_URI, ApiMetrics.NO_EXCEPTION, System.nanoTime() - startedNanos);
            if (status == 401 && !management) {
                metrics.authenticationFailure(credentialsPresented);
            }
        }
        accessLog.answered(management, known, Requests.UNMATCHED, status, Requests.ANONYMOUS, requestId, null, startedNanos);
    }
}
