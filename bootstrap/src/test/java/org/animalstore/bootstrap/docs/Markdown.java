package org.animalstore.bootstrap.docs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the documentation checks read of a Markdown file, the way GitHub renders it: links, heading ids, tables. */
final class Markdown {

    /** A link's target as written, and the line it is on (1-based). */
    record Link(int line, String target) {
    }

    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");
    private static final Pattern INLINE_LINK = Pattern.compile("\\[([^\\]]*)\\]\\(\\s*<?([^)\\s>]*)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern REFERENCE_DEFINITION = Pattern.compile("^ {0,3}\\[[^\\]]+\\]:\\s*<?([^\\s>]+)>?");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}#{1,6}\\s+(.*?)(?:\\s+#+)?\\s*$");
    private static final Pattern HTML_TAG = Pattern.compile("<[^>]+>");
    /** github-slugger: everything but letters, marks, numbers, connector punctuation, space and hyphen goes. */
    private static final Pattern NOT_IN_SLUG = Pattern.compile("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]");

    private final List<String> lines;

    Markdown(String text) {
        this.lines = Arrays.asList(text.split("\\R", -1));
    }

    /** Inline links and images, and reference definitions, outside code. */
    List<Link> links() {
        List<Link> links = new ArrayList<>();
        List<String> prose = proseLines();
        for (int i = 0; i < prose.size(); i++) {
            String line = CODE_SPAN.matcher(prose.get(i)).replaceAll("code");
            Matcher inline = INLINE_LINK.matcher(line);
            while (inline.find()) {
                links.add(new Link(i + 1, inline.group(2)));
            }
            Matcher definition = REFERENCE_DEFINITION.matcher(line);
            if (definition.find()) {
                links.add(new Link(i + 1, definition.group(1)));
            }
        }
        return links;
    }

    /** The ids GitHub gives the headings, in order; a repeated id gets -1, -2, ... as on GitHub. */
    Set<String> headingIds() {
        Set<String> ids = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : proseLines()) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = slug(heading.group(1));
                int count = seen.merge(slug, 1, Integer::sum);
                ids.add(count == 1 ? slug : slug + "-" + (count - 1));
            }
        }
        return ids;
    }

    /** GitHub's id for a heading: the text as rendered, lowercased, punctuation dropped, each space a hyphen. */
    static String slug(String heading) {
        String text = INLINE_LINK.matcher(heading).replaceAll("$1");
        text = CODE_SPAN.matcher(text).replaceAll("$2");
        text = HTML_TAG.matcher(text).replaceAll("");
        return NOT_IN_SLUG.matcher(text.toLowerCase(Locale.ROOT)).replaceAll("").replace(' ', '-');
    }

    /** The cells of each body row of the first table under the heading with this text (header and separator rows left out). */
    List<List<String>> tableUnder(String headingText) {
        List<String> prose = proseLines();
        int start = -1;
        for (int i = 0; i < prose.size() && start < 0; i++) {
            Matcher heading = HEADING.matcher(prose.get(i));
            if (heading.matches() && heading.group(1).equals(headingText)) {
                start = i + 1;
            }
        }
        if (start < 0) {
            throw new IllegalArgumentException("No heading '" + headingText + "'");
        }
        List<List<String>> rows = new ArrayList<>();
        boolean inTable = false;
        for (int i = start; i < prose.size(); i++) {
            String line = prose.get(i).strip();
            if (HEADING.matcher(line).matches() || inTable && !line.startsWith("|")) {
                break;
            }
            if (line.startsWith("|")) {
                inTable = true;
                rows.add(Arrays.stream(line.substring(1, line.endsWith("|") ? line.length() - 1 : line.length()).split("\\|"))
                        .map(String::strip).toList());
            }
        }
        return rows.size() < 2 ? List.of() : rows.subList(2, rows.size());
    }

    /** The lines with fenced code blocks blanked out, so line numbers still match the file. */
    private List<String> proseLines() {
        List<String> prose = new ArrayList<>(lines.size());
        String fence = null;
        for (String line : lines) {
            String stripped = line.strip();
            if (fence == null && (stripped.startsWith("```") || stripped.startsWith("~~~"))) {
                fence = stripped.substring(0, 3);
                prose.add("");
            } else if (fence != null) {
                if (stripped.startsWith(fence)) {
                    fence = null;
                }
                prose.add("");
            } else {
                prose.add(line);
            }
        }
        return prose;
    }
}
