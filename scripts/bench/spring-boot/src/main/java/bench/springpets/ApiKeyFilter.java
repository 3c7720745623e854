package bench.springpets;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A plain bearer check of every request against PETSTORE_API_KEYS, with the service's semantics:
 * comma-separated entries, each a key in plain text or {@code [label:]sha256:<64 hex digits>}; the
 * presented key's SHA-256 is compared with every configured digest in constant time.
 */
@Component
class ApiKeyFilter extends OncePerRequestFilter {

    private static final Pattern HASHED = Pattern.compile("(?:[A-Za-z0-9][A-Za-z0-9._-]{0,39}:)?sha256:([0-9A-Fa-f]{64})");
    private static final byte[] UNAUTHORIZED =
            "{\"code\":\"unauthorized\",\"message\":\"A valid API key is required: send it as 'Authorization: Bearer <API key>'\",\"status\":401}"
                    .getBytes(StandardCharsets.UTF_8);

    private final List<byte[]> digests;

    ApiKeyFilter(@Value("${petstore.api-keys}") List<String> keys) {
        this.digests = keys.stream().map(String::strip).filter(key -> !key.isEmpty()).map(ApiKeyFilter::digestOf).toList();
        if (digests.isEmpty()) {
            throw new IllegalStateException("No API key configured: set PETSTORE_API_KEYS");
        }
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header != null && header.regionMatches(true, 0, "Bearer ", 0, 7) && known(header.substring(7).strip())) {
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
        response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"animal-store\"");
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setContentLength(UNAUTHORIZED.length);
        response.getOutputStream().write(UNAUTHORIZED);
    }

    private boolean known(String presented) {
        byte[] digest = sha256(presented);
        boolean known = false;
        for (byte[] candidate : digests) {
            known |= MessageDigest.isEqual(candidate, digest);
        }
        return known;
    }

    private static byte[] digestOf(String entry) {
        Matcher hashed = HASHED.matcher(entry);
        return hashed.matches() ? HexFormat.of().parseHex(hashed.group(1)) : sha256(entry);
    }

    private static byte[] sha256(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
