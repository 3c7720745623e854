package org.animalstore.bootstrap;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.animalstore.domain.model.Quota;
import org.animalstore.domain.model.Quotas;

/**
 * Rate limits per API key: {@code petstore.rate-limit} ({@code PETSTORE_RATE_LIMIT}) is every key's quota, as
 * {@code <requests>/<seconds>s} or {@code off}; {@code petstore.api-key-rate-limits} ({@code PETSTORE_API_KEY_RATE_LIMITS})
 * gives some keys their own, as comma-separated {@code <label>:<quota>} entries ({@code partner:6000/60s,batch:off}).
 */
@ConfigurationProperties("petstore")
public record RateLimitConfiguration(@Bindable(defaultValue = "off") String rateLimit, @Nullable List<String> apiKeyRateLimits) {

    private static final Pattern QUOTA = Pattern.compile("([0-9]{1,12})/([0-9]{1,6})s");

    public Quotas quotas() {
        Map<String, Optional<Quota>> perKey = new HashMap<>();
        for (String entry : apiKeyRateLimits == null ? List.<String>of() : apiKeyRateLimits) {
            String trimmed = entry.strip();
            int colon = trimmed.lastIndexOf(':');
            if (colon < 1) {
                throw new IllegalStateException("PETSTORE_API_KEY_RATE_LIMITS entries are '<label>:<requests>/<seconds>s' or"
                        + " '<label>:off', not '" + trimmed + "'");
            }
            String label = trimmed.substring(0, colon);
            if (perKey.put(label, parse(trimmed.substring(colon + 1), "The rate limit of '" + label + "'")) != null) {
                throw new IllegalStateException("PETSTORE_API_KEY_RATE_LIMITS names '" + label + "' twice");
            }
        }
        return new Quotas(parse(rateLimit, "PETSTORE_RATE_LIMIT"), perKey);
    }

    private static Optional<Quota> parse(String text, String setting) {
        String value = text.strip();
        if (value.equalsIgnoreCase("off")) {
            return Optional.empty();
        }
        Matcher quota = QUOTA.matcher(value);
        if (!quota.matches()) {
            throw new IllegalStateException(setting + " must be '<requests>/<seconds>s' (such as '600/60s') or 'off', not '" + value + "'");
        }
        try {
            return Optional.of(new Quota(Long.parseLong(quota.group(1)), Long.parseLong(quota.group(2))));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(setting + " is not a usable quota: " + e.getMessage(), e);
        }
    }
}
