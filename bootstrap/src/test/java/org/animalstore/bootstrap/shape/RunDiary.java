package org.animalstore.bootstrap.shape;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * What makes a line of the docs read like a run diary: a clock time or "today". The same pattern as the
 * session hook's check ({@code /work/shared/hooks/before-stop}), so the two never disagree; "today" in any case.
 */
final class RunDiary {

    private static final Pattern CLOCK_TIME_OR_TODAY =
            Pattern.compile("(^|[^0-9T:.])([01]?[0-9]|2[0-3]):[0-5][0-9]([^0-9:]|$)|\\btoday\\b", Pattern.CASE_INSENSITIVE);

    private RunDiary() {
    }

    static boolean readsLikeADiary(String line) {
        return CLOCK_TIME_OR_TODAY.matcher(line).find();
    }

    /** "line N: text" for each line of the text that reads like a diary. */
    static List<String> entries(String text) {
        List<String> lines = text.lines().toList();
        return IntStream.range(0, lines.size())
                .filter(i -> readsLikeADiary(lines.get(i)))
                .mapToObj(i -> "line " + (i + 1) + ": " + lines.get(i).strip())
                .toList();
    }
}
