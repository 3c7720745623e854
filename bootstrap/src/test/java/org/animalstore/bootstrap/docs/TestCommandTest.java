package org.animalstore.bootstrap.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The test command a newcomer reads in the README is the one CI runs, and it finds its JDK by itself. */
class TestCommandTest {

    private static final Path ROOT = RepositoryRoot.find();
    private static final Pattern README_TEST_COMMAND = Pattern.compile("# 2\\. Run all the tests[^\\n]*\\n([^\\n]+)\\n");

    @Test
    void ci_runs_the_test_command_the_readme_gives() {
        String command = readmeTestCommand().replaceFirst("^\\./", "");
        List<String> ciLines = RepositoryRoot.read(ROOT.resolve(".ci/run")).lines().map(String::strip).toList();

        assertThat(ciLines).anySatisfy(line -> assertThat(line).startsWith(command));
    }

    @Test
    void the_readme_test_command_names_no_machine_specific_jdk() {
        String command = readmeTestCommand();

        assertThat(command).doesNotContain("JAVA_HOME=", "/usr/lib/jvm");
        assertThat(ROOT.resolve(command.split(" ")[0])).satisfies(script -> assertThat(Files.isExecutable(script)).isTrue());
        assertThat(RepositoryRoot.read(ROOT.resolve(command.split(" ")[0]))).contains(". scripts/java-home.sh", "./mvnw verify");
    }

    private static String readmeTestCommand() {
        Matcher matcher = README_TEST_COMMAND.matcher(RepositoryRoot.read(ROOT.resolve("README.md")));
        assertThat(matcher.find()).as("README's \"# 2. Run all the tests\" line and the command under it").isTrue();
        return matcher.group(1).strip();
    }
}
