package org.animalstore.bootstrap.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** README.md and docs/ link only to what the repository holds: files that exist, headings that exist. */
class DocumentationLinksTest {

    private static final Path ROOT = RepositoryRoot.find();

    static List<Path> documentation() {
        return RepositoryRoot.documentation(ROOT);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("documentation")
    void every_relative_link_names_a_file_of_the_repository_and_a_heading_in_it(Path file) {
        assertThat(new RelativeLinks(ROOT).broken(file)).isEmpty();
    }
}
