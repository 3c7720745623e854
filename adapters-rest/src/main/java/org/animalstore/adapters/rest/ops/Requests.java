package org.animalstore.adapters.rest.ops;

import io.micronaut.http.HttpRequest;
import io.micronaut.web.router.RouteAttributes;
import io.micronaut.web.router.UriRouteInfo;
import java.security.Principal;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/** What logs and metrics may say about a request: its route template and its caller's key label, never raw input. */
public final class Requests {

    public static final String UNMATCHED = "UNMATCHED";
    static final String ANONYMOUS = "-";
    /** Marks a HEAD the HTTP fence hands to Micronaut as a GET ({@code http/HeaderRewrites}); stripped from what clients send. */
    public static final String HEAD_MARKER = "X-Animalstore-Head-Request";

    /** Each route's template without patterns, by the template as written: 5 % of a lookup's CPU when rebuilt per request. */
    private static final Map<String, String> TEMPLATES = new ConcurrentHashMap<>();

    private Requests() {
    }

    /** Whether the request is for the API ({@code /v1} and below): a filter with a path pattern makes Micronaut sort the chain per request. */
    public static boolean forTheApi(HttpRequest<?> request) {
        String path = request.getPath();
        return path.startsWith("/v1/") || path.equals("/v1");
    }

    /** The method the client used, for logs: HEAD when the fence marked it ({@link #HEAD_MARKER}). */
    public static String method(HttpRequest<?> request) {
        return request.getHeaders().contains(HEAD_MARKER) ? "HEAD" : request.getMethodName();
    }

    /** {@link System#nanoTime()} at the request's arrival, as {@link RequestObservationFilter} noted it; empty if it did not. */
    public static OptionalLong receivedNanos(HttpRequest<?> request) {
        return request.getAttribute(RequestObservationFilter.ATTRIBUTE, RequestObservationFilter.Observed.class)
                .map(observed -> OptionalLong.of(observed.startedNanos()))
                .orElseGet(OptionalLong::empty);
    }

    /** The route template ({@code /v1/pets/{petId}}), or {@value #UNMATCHED}: raw paths are unbounded and caller-controlled. */
    public static String route(HttpRequest<?> request) {
        return RouteAttributes.getRouteInfo(request)
                .filter(UriRouteInfo.class::isInstance)
                .map(info -> ((UriRouteInfo<?, ?>) info).getUriMatchTemplate())
                .map(template -> TEMPLATES.computeIfAbsent(template.toString(), written -> withoutPatterns(template.toPathString())))
                .orElse(UNMATCHED);
    }

    /** The template as documented: a variable's pattern ({@code {petId:[^/]+}}) is a routing detail. */
    static String withoutPatterns(String template) {
        StringBuilder out = new StringBuilder(template.length());
        int depth = 0;
        boolean inPattern = false;
        for (char c : template.toCharArray()) {
            depth += c == '{' ? 1 : c == '}' ? -1 : 0;
            inPattern = inPattern && depth > 0 || c == ':' && depth == 1;
            if (!inPattern) {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The label of the API key that authenticated the request, or {@value #ANONYMOUS}. */
    static String keyLabel(HttpRequest<?> request) {
        return request.getUserPrincipal().map(Principal::getName).orElse(ANONYMOUS);
    }
}
