package org.animalstore.adapters.rest.cors;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.Nullable;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The web origins whose pages may call the API from a browser: those listed in
 * {@code petstore.cors.allowed-origins} (PETSTORE_CORS_ALLOWED_ORIGINS, none by default; {@code *} for
 * any), and always the service's own, from {@code petstore.base-url}. Checked at startup, and kept as browsers
 * serialize an origin (RFC 6454): scheme and host in lower case, no default port, no trailing slash.
 */
@Context
final class AllowedOrigins {

    static final String PROPERTY = "petstore.cors.allowed-origins";

    private final Set<String> origins = new HashSet<>();
    private final boolean any;

    AllowedOrigins(@Value("${" + PROPERTY + ":}") @Nullable List<String> listed, @Value("${petstore.base-url:}") String baseUrl) {
        List<String> entries = listed == null ? List.of() : listed.stream().map(String::strip).filter(entry -> !entry.isEmpty()).toList();
        this.any = entries.contains("*");
        entries.stream().filter(entry -> !entry.equals("*"))
                .forEach(entry -> origins.add(serialized(entry, "/").orElseThrow(() -> invalid(entry))));
        if (!baseUrl.isBlank()) {
            URI base = URI.create(baseUrl);
            origins.add(serialized(base.getScheme() + "://" + base.getRawAuthority(), "").orElseThrow(() -> invalid(baseUrl)));
        }
    }

    /** Whether a request's {@code Origin} is allowed; one a browser would not send ({@code null}, a path) only with {@code *}. */
    boolean allows(String origin) {
        return any || serialized(origin, "").map(origins::contains).orElse(false);
    }

    /**
     * An origin as browsers send it: {@code HTTPS://App.Example.org:443} is {@code https://app.example.org}. Empty when
     * the text is not an http(s) origin: no host, user info, query or fragment, and no path but {@code allowedPath}.
     */
    private static Optional<String> serialized(String text, String allowedPath) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        int defaultPort = switch (scheme) {
            case "http" -> 80;
            case "https" -> 443;
            default -> 0;
        };
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        if (defaultPort == 0 || uri.getHost() == null || uri.getRawUserInfo() != null || !(path.isEmpty() || path.equals(allowedPath))
                || uri.getRawQuery() != null || uri.getRawFragment() != null) {
            return Optional.empty();
        }
        int port = uri.getPort();
        return Optional.of(scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (port == -1 || port == defaultPort ? "" : ":" + port));
    }

    private static IllegalStateException invalid(String entry) {
        return new IllegalStateException("PETSTORE_CORS_ALLOWED_ORIGINS entries must be origins such as https://app.example.org"
                + " (scheme, host, optional port; no path), or *: not '" + entry + "'");
    }
}
