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
    /**
     * The HTTP fence hands a HEAD to Micronaut as a GET ({@code http/HeaderRewrites}) marked with this header, which it
     * removes from whatever a client sends, so a client cannot pass a GET off as a HEAD.
     */
    public static final String HEAD_MARKER = "X-Animalstore-Head-Request";

    /**
     * Each route's template without patterns, by the template as written (which Micronaut keeps as a string): 5 % of a
     * remembered lookup's CPU when rebuilt per request. One entry per route, shared by every context in the JVM.
     */
    private static final Map<String, String> TEMPLATES = new ConcurrentHashMap<>();

    private Requests() {
    }

    /**
     * Whether the request is for the API ({@code /v1} and below), for filters written for the API. Filters match every
     * path and ask this: one filter with a path pattern makes Micronaut match and sort the whole chain on every request.
     */
    public static boolean forTheApi(HttpRequest<?> request) {
        String path = request.getPath();
        return path.startsWith("/v1/") || path.equals("/v1");
    }

    /** The method the client used, for logs: HEAD when the fence marked it ({@link #HEAD_MARKER}). */
    public static String method(HttpRequest<?> request) {
        return request.getHeaders().contains(HEAD_MARKER) ? "HEAD" : request.getMethodName();
    }

    /** {@link System#nanoTime()} at the request's arrival, as {@link RequestObservationFilter} noted it first; empty for a request no filter saw. */
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
        if (template.indexOf(':') < 0) {
            return template;
        }
        StringBuilder out = new StringBuilder(template.length());
        int depth = 0;
        boolean inPattern = false;
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                inPattern = false;
            } else if (c == ':' && depth == 1) {
                inPattern = true;
            }
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
