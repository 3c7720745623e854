package org.animalstore.bootstrap.docs;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Checks the relative links of a Markdown file: each must name a file of the repository, and a heading there. */
final class RelativeLinks {

    private final Path root;

    RelativeLinks(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /** One line per link that does not resolve, naming the file, the line and why; empty when all do. */
    List<String> broken(Path file) {
        Path source = root.resolve(file).normalize();
        List<String> problems = new ArrayList<>();
        for (Markdown.Link link : new Markdown(RepositoryRoot.read(source)).links()) {
            problem(source, link.target()).ifPresent(why -> problems.add(file + ":" + link.line() + ": (" + link.target() + ") " + why));
        }
        return problems;
    }

    private Optional<String> problem(Path source, String target) {
        String lower = target.toLowerCase(Locale.ROOT);
        if (lower.startsWith("http://") || lower.startsWith("https://") || lower.startsWith("mailto:")) {
            return Optional.empty();
        }
        if (target.isEmpty()) {
            return Optional.of("has no target");
        }
        int hash = target.indexOf('#');
        String path = URLDecoder.decode(hash < 0 ? target : target.substring(0, hash), StandardCharsets.UTF_8);
        String anchor = hash < 0 ? null : URLDecoder.decode(target.substring(hash + 1), StandardCharsets.UTF_8);
        Path resolved = path.isEmpty() ? source
                : (path.startsWith("/") ? root.resolve(path.substring(1)) : source.getParent().resolve(path)).normalize();
        if (!resolved.startsWith(root)) {
            return Optional.of("leaves the repository");
        }
        if (!Files.exists(resolved)) {
            return Optional.of("names no file");
        }
        if (anchor == null) {
            return Optional.empty();
        }
        if (!Files.isRegularFile(resolved) || !resolved.toString().endsWith(".md")) {
            return Optional.of("has an anchor, but its target is not a Markdown file");
        }
        return new Markdown(RepositoryRoot.read(resolved)).headingIds().contains(anchor)
                ? Optional.empty()
                : Optional.of("names no heading of " + root.relativize(resolved));
    }
}
