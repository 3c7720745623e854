package org.animalstore.bootstrap.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The link check itself, on a made-up repository: it passes what GitHub resolves and names what it does not. */
class RelativeLinksTest {

    @TempDir
    Path root;

    private void write(String file, String text) throws IOException {
        Files.createDirectories(root.resolve(file).getParent());
        Files.writeString(root.resolve(file), text);
    }

    @Test
    void passes_links_to_files_directories_headings_and_the_web() throws IOException {
        // given
        write("docs/api.md", "# The API\n\n## Error codes\n");
        write("docs/adr/0001-x.md", "# 0001\n");
        write("README.md", """
                See [the API](docs/api.md), [its codes](docs/api.md#error-codes), [ADRs](docs/adr/),
                [home](https://example.org/x#y), [mail](mailto:a@example.org) and [this](#readme).
                ![a picture](docs/adr/0001-x.md)

                # Readme
                """);

        // when, then
        assertThat(new RelativeLinks(root).broken(Path.of("README.md"))).isEmpty();
    }

    @Test
    void names_each_link_to_a_missing_file_a_missing_heading_or_outside_the_repository() throws IOException {
        // given
        write("docs/api.md", "# The API\n");
        write("docs/ops.md", """
                # Operations

                [gone](missing.md) and [no such heading](api.md#error-codes)
                [outside](../../shared/spec.md) and [not here](#the-api)
                [defined]: ./nowhere.md
                """);

        // when
        var broken = new RelativeLinks(root).broken(Path.of("docs/ops.md"));

        // then
        assertThat(broken).containsExactly(
                "docs/ops.md:3: (missing.md) names no file",
                "docs/ops.md:3: (api.md#error-codes) names no heading of docs/api.md",
                "docs/ops.md:4: (../../shared/spec.md) leaves the repository",
                "docs/ops.md:4: (#the-api) names no heading of docs/ops.md",
                "docs/ops.md:5: (./nowhere.md) names no file");
    }

    @Test
    void ignores_what_looks_like_a_link_inside_code() throws IOException {
        // given
        write("README.md", """
                Write `[text](missing.md)` for a link.

                ```markdown
                [text](also-missing.md)
                ```
                """);

        // when, then
        assertThat(new RelativeLinks(root).broken(Path.of("README.md"))).isEmpty();
    }
}
