package org.animalstore.bootstrap.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The checkout the tests run in, found from whichever module directory the build starts them in. */
public final class RepositoryRoot {

    private RepositoryRoot() {
    }

    /** The nearest directory at or above the working directory holding the Maven wrapper and the README. */
    public static Path find() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("mvnw")) && Files.isDirectory(dir.resolve(".mvn"))
                    && Files.isRegularFile(dir.resolve("README.md"))) {
                return dir;
            }
        }
        throw new IllegalStateException("No repository root (mvnw, .mvn, README.md) at or above " + Path.of("").toAbsolutePath());
    }

    /** README.md and every Markdown file under docs/, relative to the root. */
    static List<Path> documentation(Path root) {
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            return Stream.concat(Stream.of(Path.of("README.md")),
                            docs.filter(file -> file.toString().endsWith(".md")).map(root::relativize).sorted())
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
