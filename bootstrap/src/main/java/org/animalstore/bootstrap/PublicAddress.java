package org.animalstore.bootstrap;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Value;
import java.net.URI;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The API's public address ({@code petstore.base-url}, the spec's {@code {base_url}}), checked at startup: staging has no default. */
@Context
final class PublicAddress {

    private static final Logger LOG = LoggerFactory.getLogger(PublicAddress.class);

    PublicAddress(@Value("${petstore.base-url:}") String baseUrl) {
        if (baseUrl.isBlank()) {
            throw new IllegalStateException("Set PETSTORE_BASE_URL to the public address of the API, such as https://api.example.com/v1");
        }
        URI uri;
        try {
            uri = URI.create(baseUrl);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("PETSTORE_BASE_URL is not a URL: " + baseUrl, e);
        }
        boolean web = "http".equals(uri.getScheme()) || "https".equals(uri.getScheme());
        if (!web || uri.getHost() == null || uri.getPath() == null || !uri.getPath().endsWith("/v1")) {
            throw new IllegalStateException("PETSTORE_BASE_URL must be an http(s) URL ending in /v1, such as https://api.example.com/v1; got " + baseUrl);
        }
        LOG.info("Public API address: {}", uri);
    }
}
