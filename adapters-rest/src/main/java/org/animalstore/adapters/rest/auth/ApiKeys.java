package org.animalstore.adapters.rest.auth;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.env.Environment;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The configured API keys, held only as SHA-256 digests. Checked at startup (eagerly) so a service
 * without usable keys never starts.
 */
@Context
final class ApiKeys {

    /** The key application-dev.yml enables for local runs; refused everywhere but the dev environment. */
    static final String WELL_KNOWN_DEV_KEY = "local-dev-key-do-not-deploy";
    static final int MIN_KEY_LENGTH = 16;

    private static final Logger LOG = LoggerFactory.getLogger(ApiKeys.class);

    private record Key(String label, byte[] digest) {
    }

    private final List<Key> keys;

    ApiKeys(ApiKeysConfiguration configuration, Environment environment) {
        List<String> configured = configuration.apiKeysOrEmpty().stream().map(String::strip).filter(key -> !key.isEmpty()).toList();
        if (configured.isEmpty()) {
            throw new IllegalStateException("No API key configured: set PETSTORE_API_KEYS to one or more comma-separated keys");
        }
        boolean dev = environment.getActiveNames().contains(Environment.DEVELOPMENT);
        List<Key> digests = new ArrayList<>();
        for (String key : configured) {
            checkUsable(key, dev);
            digests.add(new Key("key-" + (digests.size() + 1), sha256(key)));
        }
        if (configured.contains(WELL_KNOWN_DEV_KEY)) {
            LOG.warn("The well-known development API key is active: never expose this instance");
        }
        this.keys = List.copyOf(digests);
    }

    /** The label of the key presented, or empty when it matches none. Constant time in the key's content. */
    Optional<String> labelOf(String presented) {
        byte[] digest = sha256(presented);
        String label = null;
        for (Key key : keys) {
            // Every key is compared, matching or not, so timing does not tell which one matched.
            if (MessageDigest.isEqual(key.digest(), digest) && label == null) {
                label = key.label();
            }
        }
        return Optional.ofNullable(label);
    }

    private static void checkUsable(String key, boolean dev) {
        if (key.equals(WELL_KNOWN_DEV_KEY)) {
            if (!dev) {
                throw new IllegalStateException("The well-known development API key may only be used in the 'dev' environment");
            }
            return;
        }
        if (key.length() < MIN_KEY_LENGTH) {
            throw new IllegalStateException("API keys must be at least " + MIN_KEY_LENGTH + " characters long");
        }
        if (!key.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw new IllegalStateException("API keys must consist of visible ASCII characters");
        }
    }

    private static byte[] sha256(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by the Java platform", e);
        }
    }
}
