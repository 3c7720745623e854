package org.animalstore.adapters.rest.ops;

import io.micronaut.http.HttpRequest;

/**
 * The method a client used, for logs. The HTTP fence hands a HEAD to Micronaut as a GET
 * ({@code http/HeaderRewrites}), marked with {@link #HEAD_MARKER}, a header it removes from whatever a
 * client sends, so a client cannot pass a GET off as a HEAD.
 */
public final class RequestMethods {

    public static final String HEAD_MARKER = "X-Animalstore-Head-Request";

    private RequestMethods() {
    }

    public static String of(HttpRequest<?> request) {
        return request.getHeaders().contains(HEAD_MARKER) ? "HEAD" : request.getMethodName();
    }
}
