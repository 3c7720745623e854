package org.animalstore.bootstrap.shape;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The docs are a handbook: one topic a file, short enough to read, current facts only. Figures of runs live
 * in the files the scripts write under docs/benchmarks/ (and git keeps the history), so those, and the
 * contract in docs/spec.md, are not held to these rules.
 */
class DocsShapeTest {

    static final int MAX_DOC_LINES = 400;
    static final int MAX_README_LINES = 200;

    static List<Path> handbook() {
        return Repository.files(Path.of("docs"), ".md").stream()
                .filter(file -> !file.startsWith(Path.of("docs", "benchmarks")) && !file.equals(Path.of("docs", "spec.md")))
                .toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("handbook")
    void a_doc_has_at_most_400_lines(Path doc) {
        assertThat(Repository.lines(doc)).as("%s: split it by topic, move figures to the files scripts write", doc)
                .isLessThanOrEqualTo(MAX_DOC_LINES);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("handbook")
    void a_doc_names_no_clock_time_and_no_today(Path doc) {
        assertThat(RunDiary.entries(Repository.read(doc)))
                .as("%s reads like a run diary: link the file the script writes instead", doc)
                .isEmpty();
    }

    @Test
    void the_readme_has_at_most_200_lines() {
        assertThat(Repository.lines(Path.of("README.md"))).as("README.md: move the rest into docs/")
                .isLessThanOrEqualTo(MAX_README_LINES);
    }

    @Test
    void the_handbook_is_found() {
        assertThat(handbook()).contains(Path.of("docs", "architecture.md")).doesNotContain(Path.of("docs", "spec.md"));
    }
}
