package org.animalstore.adapters.rest.auth;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.env.Environment;
import io.micronaut.core.annotation.Nullable;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.animalstore.domain.model.Quotas;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The API keys that may call the service, from {@code petstore.api-keys} ({@code PETSTORE_API_KEYS}, comma-separated;
 * several, so keys rotate without downtime), held as SHA-256 digests with a label for logs and metrics. Checked at
 * startup, so a service without usable keys never starts. An entry is {@code <label>:sha256:<64 hex digits>},
 * {@code sha256:<64 hex digits>} or the key in plain text; without a label it is {@code key-<position>}.
 */
@Context
public final class ApiKeys {

    /** The key application-dev.yml enables for local runs; refused everywhere but the dev environment. */
    static final String WELL_KNOWN_DEV_KEY = "local-dev-key-do-not-deploy";
    static final int MIN_KEY_LENGTH = 16;

    private static final Logger LOG = LoggerFactory.getLogger(ApiKeys.class);
    private static final Pattern HASHED = Pattern.compile("(?:([A-Za-z0-9][A-Za-z0-9._-]{0,39}):)?sha256:([0-9A-Fa-f]{64})");

    /** One digest per thread: {@code getInstance} was two thirds of a key check's cost; {@code digest} resets it. */
    private static final ThreadLocal<MessageDigest> SHA_256 = ThreadLocal.withInitial(ApiKeys::newSha256);

    private record Key(String label, byte[] digest) {
    }

    private final List<Key> keys;

    ApiKeys(@Property(name = "petstore.api-keys") @Nullable List<String> entries, Environment environment, Quotas quotas) {
        List<String> configured = (entries == null ? List.<String>of() : entries).stream().map(String::strip).filter(key -> !key.isEmpty()).toList();
        if (configured.isEmpty()) {
            throw new IllegalStateException("No API key configured: set PETSTORE_API_KEYS to one or more comma-separated keys");
        }
        List<Key> parsed = IntStream.range(0, configured.size()).mapToObj(i -> parse(configured.get(i), i + 1)).toList();
        Set<String> labels = new HashSet<>();
        Set<String> digests = new HashSet<>();
        for (Key key : parsed) {
            if (!labels.add(key.label())) {
                throw new IllegalStateException("API key label '" + key.label() + "' is used twice: labels must be unique");
            }
            if (!digests.add(HexFormat.of().formatHex(key.digest()))) {
                throw new IllegalStateException("API key '" + key.label() + "' is configured twice");
            }
        }
        byte[] devKeyDigest = sha256(WELL_KNOWN_DEV_KEY);
        if (parsed.stream().anyMatch(key -> MessageDigest.isEqual(key.digest(), devKeyDigest))) {
            if (!environment.getActiveNames().contains(Environment.DEVELOPMENT)) {
                throw new IllegalStateException("The well-known development API key may only be used in the 'dev' environment");
            }
            LOG.warn("The well-known development API key is active: never expose this instance");
        }
        this.keys = parsed;
        // A quota for a label no key has is a typo that would leave the intended key unlimited.
        for (String client : quotas.perClient().keySet()) {
            if (!labels.contains(client)) {
                throw new IllegalStateException("A rate limit is set for API key '" + client + "', but no API key has that label");
            }
        }
        LOG.info("{} API key(s) active, with their quotas: {}", keys.size(),
                keys.stream().map(key -> key.label() + " " + quotas.of(key.label()).map(Object::toString).orElse("off")).toList());
    }

    /** The label of the key presented, or empty when it matches none. Constant time in the key's content. */
    public Optional<String> labelOf(String presented) {
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

    private static Key parse(String entry, int position) {
        String defaultLabel = "key-" + position;
        Matcher hashed = HASHED.matcher(entry);
        if (hashed.matches()) {
            String label = hashed.group(1) == null ? defaultLabel : hashed.group(1);
            return new Key(label, HexFormat.of().parseHex(hashed.group(2)));
        }
        if (entry.contains("sha256:")) {
            // Never let a mistyped digest entry pass as a plain-text key.
            throw new IllegalStateException("API key entry " + position + " is not a valid hashed key: expected "
                    + "'<label>:sha256:<64 hex digits>' or 'sha256:<64 hex digits>', labels being 1-40 of A-Z a-z 0-9 . _ -");
        }
        if (entry.length() < MIN_KEY_LENGTH) {
            throw new IllegalStateException("API keys must be at least " + MIN_KEY_LENGTH + " characters long");
        }
        if (!entry.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw new IllegalStateException("API keys must consist of visible ASCII characters");
        }
        return new Key(defaultLabel, sha256(entry));
    }

    private static byte[] sha256(String value) {
        return SHA_256.get().digest(value.getBytes(StandardCharsets.UTF_8));
    }

    private static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by the Java platform", e);
        }
    }
}
