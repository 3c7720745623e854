package org.animalstore.bootstrap.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading Markdown as GitHub renders it: the ids of headings, links with their lines, tables. */
class MarkdownTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            Decisions where the spec is silent        | decisions-where-the-spec-is-silent
            The deprecated `GET /v1/pets/{petId}`     | the-deprecated-get-v1petspetid
            Safe retries: `Idempotency-Key`           | safe-retries-idempotency-key
            0004. Keyset paging, signed cursors       | 0004-keyset-paging-signed-cursors
            Limits and timeouts                       | limits-and-timeouts
            See [the API](api.md) now                 | see-the-api-now
            snake_case and Ünïcode                    | snake_case-and-ünïcode
            Two  spaces                               | two--spaces
            """)
    void heading_ids_follow_githubs_rules(String heading, String id) {
        assertThat(Markdown.slug(heading)).isEqualTo(id);
    }

    @Test
    void a_repeated_heading_gets_a_numbered_id() {
        assertThat(new Markdown("# Notes\n## Notes\n### Notes\n").headingIds()).containsExactly("notes", "notes-1", "notes-2");
    }

    @Test
    void headings_inside_code_blocks_are_not_headings() {
        assertThat(new Markdown("# Real\n```bash\n# a comment\n```\n").headingIds()).containsExactly("real");
    }

    @Test
    void finds_inline_links_images_and_reference_definitions_with_their_lines() {
        // given
        Markdown markdown = new Markdown("""
                A [link](a.md) and ![image](b.png "title"),
                and [`code` text](c.md#part).
                [ref]: d.md
                """);

        // when, then
        assertThat(markdown.links()).containsExactly(
                new Markdown.Link(1, "a.md"), new Markdown.Link(1, "b.png"),
                new Markdown.Link(2, "c.md#part"), new Markdown.Link(3, "d.md"));
    }

    @Test
    void reads_the_body_rows_of_the_first_table_under_a_heading() {
        // given
        Markdown markdown = new Markdown("""
                ## Other
                | x | y |
                |---|---|
                | no | no |

                ## Error codes
                Some text.

                | code | status |
                |---|---|
                | `gone` | 410 |
                | `not_found` | 404 |

                | later | table |
                """);

        // when, then
        assertThat(markdown.tableUnder("Error codes")).isEqualTo(List.of(List.of("`gone`", "410"), List.of("`not_found`", "404")));
    }
}
