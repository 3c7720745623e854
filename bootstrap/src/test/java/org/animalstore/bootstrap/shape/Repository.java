package org.animalstore.bootstrap.shape;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.animalstore.bootstrap.docs.RepositoryRoot;

/** The files the shape checks read, found from the checkout's root. */
final class Repository {

    static final Path ROOT = RepositoryRoot.find();

    private Repository() {
    }

    /** Every file under the directory, relative to the root, whose name ends with the suffix. */
    static List<Path> files(Path directory, String suffix) {
        try (Stream<Path> files = Files.walk(ROOT.resolve(directory))) {
            return files.filter(file -> file.toString().endsWith(suffix) && Files.isRegularFile(file))
                    .map(ROOT::relativize).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Each module's production sources: {@code <module>/src/main/java} directly under the root. */
    static List<Path> mainJavaFiles() {
        try (Stream<Path> modules = Files.list(ROOT)) {
            return modules.map(module -> module.resolve("src/main/java")).filter(Files::isDirectory)
                    .flatMap(sources -> files(ROOT.relativize(sources), ".java").stream()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(ROOT.resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static long lines(Path file) {
        return read(file).lines().count();
    }
}
