package org.animalstore.bootstrap.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.junit.jupiter.api.Test;

/** The error-code table of docs/api.md is the one written list of codes: it must say what ErrorCode says. */
class ErrorCodeTableTest {

    private final List<List<String>> rows = new Markdown(RepositoryRoot.read(RepositoryRoot.find().resolve("docs/api.md")))
            .tableUnder("Error codes");

    @Test
    void lists_every_error_code_of_the_service_with_its_status_and_nothing_else() {
        // given the codes as the service defines them
        Map<String, Integer> inCode = Arrays.stream(ErrorCode.values())
                .collect(Collectors.toMap(ErrorCode::code, code -> code.status().getCode(), (a, b) -> a, TreeMap::new));

        // when the table's first two columns are read
        Map<String, Integer> documented = new TreeMap<>();
        rows.forEach(row -> documented.put(row.get(0).replace("`", ""), Integer.valueOf(row.get(1))));

        // then they say the same
        assertThat(documented).isEqualTo(inCode);
    }

    @Test
    void names_each_code_once() {
        assertThat(rows).extracting(row -> row.get(0)).doesNotHaveDuplicates().isNotEmpty();
    }
}
