package org.animalstore.adapters.rest.cors;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.Nullable;
import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The web origins whose pages may call the API from a browser: those listed in
 * {@code petstore.cors.allowed-origins} (PETSTORE_CORS_ALLOWED_ORIGINS, none by default; {@code *} for
 * any), and always the service's own, from {@code petstore.base-url}. Checked at startup.
 */
@Context
final class AllowedOrigins {

    static final String PROPERTY = "petstore.cors.allowed-origins";

    private final Set<String> origins = new HashSet<>();
    private final boolean any;

    AllowedOrigins(@Value("${" + PROPERTY + ":}") @Nullable List<String> listed, @Value("${petstore.base-url:}") String baseUrl) {
        List<String> entries = listed == null ? List.of() : listed.stream().map(String::strip).filter(entry -> !entry.isEmpty()).toList();
        this.any = entries.contains("*");
        entries.stream().filter(entry -> !entry.equals("*")).forEach(entry -> origins.add(serialized(entry)));
        if (!baseUrl.isBlank()) {
            URI base = URI.create(baseUrl);
            origins.add(serialized(base.getScheme() + "://" + base.getRawAuthority()));
        }
    }

    boolean allows(String origin) {
        return any || origins.contains(origin.toLowerCase(Locale.ROOT));
    }

    /** An origin as browsers send it (RFC 6454): scheme, host and port if not the default, nothing else. */
    private static String serialized(String entry) {
        URI uri;
        try {
            uri = URI.create(entry);
        } catch (IllegalArgumentException e) {
            throw invalid(entry);
        }
        boolean web = "http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme());
        if (!web || uri.getHost() == null || uri.getRawUserInfo() != null || !(uri.getRawPath() == null || uri.getRawPath().isEmpty())
                || uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw invalid(entry);
        }
        return entry.toLowerCase(Locale.ROOT);
    }

    private static IllegalStateException invalid(String entry) {
        return new IllegalStateException("PETSTORE_CORS_ALLOWED_ORIGINS entries must be origins such as https://app.example.org"
                + " (scheme, host, optional port; no path), or *: not '" + entry + "'");
    }
}
