package org.animalstore.adapters.persistence;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * The versioned SQL scripts of one classpath location, as Flyway would record them once applied: version,
 * script name and checksum, without loading Flyway. Empty when the location holds anything else
 * (repeatable or callback scripts, Java migrations, subdirectories), which only Flyway itself can judge.
 */
final class MigrationScripts {

    /** One versioned script, as a row of Flyway's schema history names it. */
    record Script(String version, String name, int checksum) {}

    private MigrationScripts() {}

    /** The scripts at {@code classpath:path} named {@code <prefix><version><separator>…<suffix>}. */
    static Optional<List<Script>> at(String path, String prefix, String separator, String suffix, Charset encoding)
            throws IOException {
        ClassLoader loader = MigrationScripts.class.getClassLoader();
        List<Script> scripts = new ArrayList<>();
        for (URL directory : Collections.list(loader.getResources(path))) {
            for (String name : fileNames(directory, path)) {
                int end = name.indexOf(separator);
                if (name.contains("/") || !name.startsWith(prefix) || !name.endsWith(suffix) || end <= prefix.length()) {
                    return Optional.empty();
                }
                try (InputStream in = loader.getResourceAsStream(path + "/" + name)) {
                    String version = name.substring(prefix.length(), end).replace('_', '.');
                    scripts.add(new Script(version, name, checksum(in, encoding)));
                }
            }
        }
        return Optional.of(List.copyOf(scripts));
    }

    /** Flyway's checksum of a script: CRC-32 of its lines in UTF-8, without line ends or byte-order marks. */
    static int checksum(InputStream script, Charset encoding) throws IOException {
        CRC32 crc = new CRC32();
        BufferedReader lines = new BufferedReader(new InputStreamReader(script, encoding), 4096);
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            crc.update((line.startsWith("\uFEFF") ? line.substring(1) : line).getBytes(StandardCharsets.UTF_8));
        }
        return (int) crc.getValue();
    }

    private static List<String> fileNames(URL directory, String path) throws IOException {
        URLConnection connection = directory.openConnection();
        if (connection instanceof JarURLConnection jar) {
            jar.setUseCaches(false);
            String prefix = path + "/"; // once, not for each of the fat jar's 18 500 entries
            try (JarFile file = jar.getJarFile()) {
                return file.stream().map(entry -> entry.getName())
                        .filter(name -> name.startsWith(prefix) && name.length() > prefix.length())
                        .map(name -> name.substring(prefix.length()))
                        .toList();
            }
        }
        try (Stream<Path> files = Files.list(Path.of(directory.toURI()))) {
            // A directory's name ends in "/", as in a jar: Flyway would look into it, so this check gives up.
            return files.map(file -> file.getFileName() + (Files.isDirectory(file) ? "/" : "")).toList();
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IOException("cannot list " + directory, e);
        }
    }
}
