package org.animalstore.adapters.rest.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads an {@code Accept} header as RFC 9110 (section 12.5.1) does, for the one type the API produces:
 * the most specific range matching {@code application/json} decides, and a weight of 0 refuses it.
 * Micronaut's router compares ranges literally, so {@code application/*} got a 406 (micronaut-core
 * #6637) and {@code application/json;q=0} a 200; {@link #normalize} rewrites the header into what
 * the router reads the right way.
 */
final class JsonAcceptance {

    /** Matches no route: the router then answers 406. Never reaches a client. */
    static final String NOTHING_ACCEPTABLE = "application/x-not-acceptable";

    /** qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ) */
    private static final Pattern QVALUE = Pattern.compile("0(\\.\\d{0,3})?|1(\\.0{0,3})?");

    private JsonAcceptance() {
    }

    private record Range(String type, String subtype, double weight, String text) {
        /** 3 for application/json, 2 for application/*, 1 for * / *, 0 when the range does not match JSON. */
        int jsonSpecificity() {
            if (type.equals("*") && subtype.equals("*")) {
                return 1;
            }
            if (!type.equals("application")) {
                return 0;
            }
            return subtype.equals("*") ? 2 : subtype.equals("json") ? 3 : 0;
        }
    }

    /**
     * The header the router should see: {@code application/json} when JSON is acceptable, the other
     * ranges (or {@link #NOTHING_ACCEPTABLE}) when it is not, or empty to leave the header as it is
     * (already plain, or not parseable: Micronaut then decides as before).
     */
    static Optional<String> normalize(String accept) {
        String trimmed = accept.trim();
        if (trimmed.isEmpty() || trimmed.equals("application/json") || trimmed.equals("*/*")) {
            return Optional.empty();
        }
        Optional<List<Range>> parsed = parse(trimmed);
        if (parsed.isEmpty()) {
            return Optional.empty();
        }
        List<Range> ranges = parsed.get();
        int specificity = 0;
        double weight = 0;
        for (Range range : ranges) {
            int rangeSpecificity = range.jsonSpecificity();
            if (rangeSpecificity > specificity) {
                specificity = rangeSpecificity;
                weight = range.weight();
            } else if (rangeSpecificity == specificity && rangeSpecificity > 0) {
                weight = Math.max(weight, range.weight());
            }
        }
        if (specificity > 0 && weight > 0) {
            return Optional.of("application/json");
        }
        List<String> others = ranges.stream().filter(range -> range.jsonSpecificity() == 0).map(Range::text).toList();
        return Optional.of(others.isEmpty() ? NOTHING_ACCEPTABLE : String.join(", ", others));
    }

    private static Optional<List<Range>> parse(String accept) {
        List<Range> ranges = new ArrayList<>();
        for (String element : accept.split(",")) {
            String text = element.trim();
            if (text.isEmpty()) {
                continue; // RFC 9110 5.6.1: empty list elements are ignored
            }
            String[] parts = text.split(";");
            String mediaRange = parts[0].trim().toLowerCase(Locale.ROOT);
            int slash = mediaRange.indexOf('/');
            if (slash <= 0 || slash == mediaRange.length() - 1) {
                return Optional.empty();
            }
            String type = mediaRange.substring(0, slash).trim();
            String subtype = mediaRange.substring(slash + 1).trim();
            if (type.equals("*") && !subtype.equals("*")) {
                return Optional.empty();
            }
            double weight = 1;
            for (int i = 1; i < parts.length; i++) {
                String parameter = parts[i].trim();
                if (parameter.regionMatches(true, 0, "q=", 0, 2)) {
                    Optional<Double> q = weight(parameter.substring(2).trim());
                    if (q.isEmpty()) {
                        return Optional.empty();
                    }
                    weight = q.get();
                }
            }
            ranges.add(new Range(type, subtype, weight, text));
        }
        return ranges.isEmpty() ? Optional.empty() : Optional.of(ranges);
    }

    private static Optional<Double> weight(String qvalue) {
        if (!QVALUE.matcher(qvalue).matches()) {
            return Optional.empty();
        }
        return Optional.of(Double.parseDouble(qvalue));
    }
}
