package org.animalstore.adapters.rest.negotiation;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Reads an {@code Accept} header as RFC 9110 (12.5.1) does, for the one type the API produces: of the ranges
 * matching {@code application/json}, the most specific decides ({@code application/json}, then
 * {@code application/*}, then {@code *}{@code /*}), and a weight of 0 refuses it.
 */
final class JsonAcceptance {

    /** RFC 9110 12.4.2: qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ). */
    private static final Pattern QVALUE = Pattern.compile("0(\\.\\d{0,3})?|1(\\.0{0,3})?");

    enum Verdict {
        /** JSON is acceptable. */
        JSON,
        /** The header names JSON's ranges with weight 0 only, or other types only. */
        REFUSED,
        /** Not a list of media ranges: left to the framework, as if absent from this reading. */
        UNREADABLE
    }

    private JsonAcceptance() {
    }

    static Verdict of(String accept) {
        int specificity = 0;
        double weight = 0;
        boolean ranges = false;
        for (String element : accept.split(",")) {
            if (element.isBlank()) {
                continue; // RFC 9110 5.6.1: empty list elements are ignored
            }
            String[] parts = element.split(";");
            String range = parts[0].strip().toLowerCase(Locale.ROOT);
            int slash = range.indexOf('/');
            if (slash <= 0 || slash == range.length() - 1 || range.startsWith("*/") && !range.equals("*/*")) {
                return Verdict.UNREADABLE;
            }
            double rangeWeight = 1;
            for (int i = 1; i < parts.length; i++) {
                String parameter = parts[i].strip();
                if (parameter.regionMatches(true, 0, "q=", 0, 2)) {
                    String qvalue = parameter.substring(2).strip();
                    if (!QVALUE.matcher(qvalue).matches()) {
                        return Verdict.UNREADABLE;
                    }
                    rangeWeight = Double.parseDouble(qvalue);
                }
            }
            ranges = true;
            int rangeSpecificity = jsonSpecificity(range);
            if (rangeSpecificity > specificity) {
                specificity = rangeSpecificity;
                weight = rangeWeight;
            } else if (rangeSpecificity == specificity && rangeSpecificity > 0) {
                weight = Math.max(weight, rangeWeight);
            }
        }
        if (!ranges) {
            return Verdict.UNREADABLE;
        }
        return specificity > 0 && weight > 0 ? Verdict.JSON : Verdict.REFUSED;
    }

    /** 3 for application/json, 2 for application/*, 1 for * / *, 0 for a range that does not match JSON. */
    private static int jsonSpecificity(String range) {
        return switch (range) {
            case "application/json" -> 3;
            case "application/*" -> 2;
            case "*/*" -> 1;
            default -> 0;
        };
    }
}
