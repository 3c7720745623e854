import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fault drills against real service processes and the real PostgreSQL server: kill -9 during
 * creates, a PostgreSQL restart under load, two instances on one database, and a bounded soak.
 * All traffic stays on loopback; every loop is bounded in time. Exit status 1 when an invariant
 * breaks (a lost pet, a 500, a hung request, an error during the soak).
 *
 * Run through scripts/faults/run.sh, which builds the jar and prepares the database.
 */
public final class Faults {

    static final String KEY = "faults-key-0000000000000001";
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    static final Pattern ID = Pattern.compile("\"id\":(\\d+)");

    final Path jar;
    final String jdbcUrl;
    /** The shell command that restarts the database (run.sh gives it for the database it drills). */
    final String restartCommand;
    final int soakSeconds;
    final List<String> failures = new ArrayList<>();
    final Map<String, Object> figures = new LinkedHashMap<>();

    Faults(Path jar, String jdbcUrl, String restartCommand, int soakSeconds) {
        this.jar = jar;
        this.jdbcUrl = jdbcUrl;
        this.restartCommand = restartCommand;
        this.soakSeconds = soakSeconds;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        Faults drills = new Faults(Path.of(options.getOrDefault("jar", "bootstrap/target/animal-store.jar")),
                options.getOrDefault("jdbc-url", "jdbc:postgresql://127.0.0.1:5432/animalstore_faults"),
                options.getOrDefault("restart-command", ""),
                Integer.parseInt(options.getOrDefault("soak-seconds", "180")));
        String only = options.getOrDefault("only", "all");
        if (only.equals("all") || only.equals("kill")) {
            drills.killDuringCreates();
        }
        if (only.equals("all") || only.equals("db-restart")) {
            drills.databaseRestartUnderLoad();
        }
        if (only.equals("all") || only.equals("two-instances")) {
            drills.twoInstances();
        }
        if (only.equals("all") || only.equals("soak")) {
            drills.soak();
        }
        drills.report();
        System.exit(drills.failures.isEmpty() ? 0 : 1);
    }

    // --- drills ------------------------------------------------------------------------------

    void killDuringCreates() throws Exception {
        section("kill -9 during a burst of concurrent creates");
        Service service = Service.start(jar, 18100, jdbcUrl);
        Map<Long, String> acknowledged = new ConcurrentHashMap<>();
        AtomicLong refused = new AtomicLong();
        AtomicBoolean running = new AtomicBoolean(true);
        List<Thread> creators = new ArrayList<>();
        for (int t = 0; t < 32; t++) {
            int thread = t;
            creators.add(Thread.ofVirtual().start(() -> {
                for (int n = 0; running.get(); n++) {
                    String body = "{\"name\":\"crash " + thread + "-" + n + "\",\"categoryId\":" + (n + 1) + ",\"status\":\"pending\"}";
                    try {
                        HttpResponse<String> response = post(service.base(), body);
                        if (response.statusCode() == 201) {
                            acknowledged.put(idOf(response.body()), response.body());
                        }
                    } catch (IOException | InterruptedException e) {
                        refused.incrementAndGet();
                        sleep(20);
                    }
                }
            }));
        }
        sleep(3_000);
        service.kill9();
        sleep(500);
        running.set(false);
        for (Thread creator : creators) {
            creator.join();
        }
        Service restarted = Service.start(jar, 18100, jdbcUrl);
        long lost = 0;
        long changed = 0;
        for (var pet : acknowledged.entrySet()) {
            HttpResponse<String> fetched = get(restarted.base(), "/v1/pets/" + pet.getKey());
            if (fetched.statusCode() == 404) {
                lost++;
            } else if (!fetched.body().equals(pet.getValue())) {
                changed++;
            }
        }
        restarted.stop();
        figures.put("kill9.acknowledged_creates", acknowledged.size());
        figures.put("kill9.requests_cut_by_the_kill", refused.get());
        figures.put("kill9.pets_lost", lost);
        figures.put("kill9.pets_changed", changed);
        check("kill -9: creates were acknowledged before the kill", acknowledged.size() > 0, acknowledged.size());
        check("kill -9: every acknowledged pet is present and unchanged after restart", lost == 0 && changed == 0, lost + " lost, " + changed + " changed");
    }

    void databaseRestartUnderLoad() throws Exception {
        section("the database restarted in the middle of sustained load");
        if (restartCommand.isEmpty()) {
            check("db-restart: a command restarting the database was given (--restart-command)", false, "none");
            return;
        }
        Service service = Service.start(jar, 18100, jdbcUrl);
        Load load = Load.start(List.of(service.base()), 16);
        sleep(5_000);
        long restartAt = System.nanoTime();
        run("sh", "-c", restartCommand);
        long restartMillis = (System.nanoTime() - restartAt) / 1_000_000;
        sleep(10_000);
        Load.Window afterRecovery = load.window(5_000);
        load.stop();
        long lost = load.lostPets(service.base());
        service.stop();
        figures.put("db_restart.restart_ms", restartMillis);
        figures.put("db_restart.requests", load.total());
        figures.put("db_restart.by_status", load.byStatus());
        figures.put("db_restart.slowest_ms", load.slowestMillis());
        figures.put("db_restart.after_recovery_by_status", afterRecovery.byStatus());
        figures.put("db_restart.pets_lost", lost);
        check("db-restart: no 500 responses", load.count(500) == 0, load.count(500));
        check("db-restart: every response is 200, 201 or a 503 Error", load.unexpected() == 0, load.byStatus());
        check("db-restart: no request hangs (all under 5 s)", load.slowestMillis() < 5_000, load.slowestMillis() + " ms slowest");
        check("db-restart: full service resumes without restarting the app", afterRecovery.total() > 0 && afterRecovery.errors() == 0, afterRecovery.byStatus());
        check("db-restart: no acknowledged pet lost", lost == 0, lost);
    }

    void twoInstances() throws Exception {
        section("two instances against one database under concurrent creates");
        Service a = Service.start(jar, 18100, jdbcUrl);
        Service b = Service.start(jar, 18101, jdbcUrl);
        Map<Long, String> acknowledged = new ConcurrentHashMap<>();
        AtomicLong duplicates = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        AtomicBoolean running = new AtomicBoolean(true);
        List<Thread> creators = new ArrayList<>();
        for (int t = 0; t < 32; t++) {
            URI base = t % 2 == 0 ? a.base() : b.base();
            int thread = t;
            creators.add(Thread.ofVirtual().start(() -> {
                for (int n = 0; running.get(); n++) {
                    try {
                        HttpResponse<String> response = post(base, "{\"name\":\"twin " + thread + "-" + n + "\",\"categoryId\":7}");
                        if (response.statusCode() != 201) {
                            errors.incrementAndGet();
                        } else if (acknowledged.put(idOf(response.body()), response.body()) != null) {
                            duplicates.incrementAndGet();
                        }
                    } catch (IOException | InterruptedException e) {
                        errors.incrementAndGet();
                    }
                }
            }));
        }
        sleep(5_000);
        running.set(false);
        for (Thread creator : creators) {
            creator.join();
        }
        long missingOnA = 0;
        long missingOnB = 0;
        for (var pet : acknowledged.entrySet()) {
            missingOnA += get(a.base(), "/v1/pets/" + pet.getKey()).body().equals(pet.getValue()) ? 0 : 1;
            missingOnB += get(b.base(), "/v1/pets/" + pet.getKey()).body().equals(pet.getValue()) ? 0 : 1;
        }
        String listA = get(a.base(), "/v1/pets?limit=100&status=available").body() + get(a.base(), "/v1/pets?limit=100").body();
        String listB = get(b.base(), "/v1/pets?limit=100&status=available").body() + get(b.base(), "/v1/pets?limit=100").body();
        a.stop();
        b.stop();
        figures.put("two_instances.acknowledged_creates", acknowledged.size());
        figures.put("two_instances.duplicate_ids", duplicates.get());
        figures.put("two_instances.errors", errors.get());
        figures.put("two_instances.missing_or_different_on_a", missingOnA);
        figures.put("two_instances.missing_or_different_on_b", missingOnB);
        check("two instances: ids unique", duplicates.get() == 0, duplicates.get() + " duplicates");
        check("two instances: every create succeeds", errors.get() == 0, errors.get() + " failed");
        check("two instances: every acknowledged pet is served identically by both", missingOnA == 0 && missingOnB == 0, missingOnA + " on A, " + missingOnB + " on B");
        check("two instances: both list the same pets", listA.equals(listB), listA.equals(listB) ? "same" : "different");
    }

    void soak() throws Exception {
        section("bounded soak: " + soakSeconds + " s of mixed load");
        Service service = Service.start(jar, 18100, jdbcUrl);
        Load load = Load.start(List.of(service.base()), 16);
        List<String> windows = new ArrayList<>();
        long firstRss = 0;
        long halfwayRss = 0;
        long lastRss = 0;
        List<Long> p99s = new ArrayList<>();
        for (int elapsed = 0; elapsed < soakSeconds; elapsed += 15) {
            // The window's lowest RSS, sampled every second: a leak raises that floor, while a sample
            // taken just after the heap grew for a burst (and before it shrinks again) does not.
            long[] floor = {Long.MAX_VALUE};
            Load.Window window = load.window(15_000, () -> {
                try {
                    floor[0] = Math.min(floor[0], service.rssKiB());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            long rss = floor[0];
            firstRss = firstRss == 0 ? rss : firstRss;
            lastRss = rss;
            halfwayRss = elapsed + 15 <= soakSeconds / 2 ? rss : halfwayRss;
            p99s.add(window.p99Micros());
            windows.add(String.format("%4ds  %7d req  %5.0f req/s  p50 %6.2f ms  p99 %6.2f ms  errors %d  RSS floor %d MiB",
                    elapsed + 15, window.total(), window.total() / 15.0, window.p50Micros() / 1000.0, window.p99Micros() / 1000.0,
                    window.errors(), rss / 1024));
            System.out.println("  " + windows.getLast());
        }
        load.stop();
        long lost = load.lostPets(service.base());
        service.stop();
        figures.put("soak.seconds", soakSeconds);
        figures.put("soak.requests", load.total());
        figures.put("soak.by_status", load.byStatus());
        figures.put("soak.rss_first_window_mib", firstRss / 1024);
        figures.put("soak.rss_halfway_mib", halfwayRss / 1024);
        figures.put("soak.rss_last_window_mib", lastRss / 1024);
        figures.put("soak.p99_first_window_ms", p99s.getFirst() / 1000.0);
        figures.put("soak.p99_last_window_ms", p99s.getLast() / 1000.0);
        figures.put("soak.pets_lost", lost);
        check("soak: zero errors", load.errors() == 0, load.byStatus());
        check("soak: no acknowledged pet lost", lost == 0, lost);
        // The first half warms up (JIT, heap sizing); a leak shows as growth after it.
        check("soak: memory stable after warm-up (the windows' lowest RSS grows at most 10 % or 16 MiB in the second half)",
                lastRss <= Math.max(halfwayRss * 11 / 10, halfwayRss + 16 * 1024),
                firstRss / 1024 + " -> " + halfwayRss / 1024 + " -> " + lastRss / 1024 + " MiB");
    }

    // --- reporting ---------------------------------------------------------------------------

    void report() {
        section("figures");
        figures.forEach((name, value) -> System.out.printf("  %-45s %s%n", name, value));
        StringBuilder json = new StringBuilder("{");
        figures.forEach((name, value) -> json.append(json.length() > 1 ? "," : "").append('"').append(name).append("\":")
                .append(value instanceof Map<?, ?> map ? toJson(map) : value.toString()));
        System.out.println("FAULTS_JSON " + json.append('}'));
        section(failures.isEmpty() ? "all invariants held" : failures.size() + " invariant(s) broken");
        failures.forEach(failure -> System.out.println("  FAILED: " + failure));
    }

    static String toJson(Map<?, ?> map) {
        StringBuilder json = new StringBuilder("{");
        map.forEach((key, value) -> json.append(json.length() > 1 ? "," : "").append('"').append(key).append("\":").append(value));
        return json.append('}').toString();
    }

    void check(String invariant, boolean ok, Object observed) {
        System.out.println("  " + (ok ? "ok     " : "FAILED ") + invariant + " (observed: " + observed + ")");
        if (!ok) {
            failures.add(invariant + " (observed: " + observed + ")");
        }
    }

    static void section(String title) {
        System.out.println();
        System.out.println("== " + title);
    }

    // --- HTTP --------------------------------------------------------------------------------

    static HttpResponse<String> post(URI base, String body) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(base.resolve("/v1/pets")).timeout(REQUEST_TIMEOUT)
                .header("Authorization", "Bearer " + KEY).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> get(URI base, String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(base.resolve(path)).timeout(REQUEST_TIMEOUT)
                .header("Authorization", "Bearer " + KEY).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    static long idOf(String body) {
        Matcher matcher = ID.matcher(body);
        if (!matcher.find()) {
            throw new IllegalStateException("no id in " + body);
        }
        return Long.parseLong(matcher.group(1));
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).inheritIO().start();
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("failed: " + String.join(" ", command));
        }
    }

    // --- the service under test --------------------------------------------------------------

    record Service(Process process, URI base) {

        static Service start(Path jar, int port, String jdbcUrl) throws Exception {
            Path log = Files.createTempFile("animal-store-" + port + "-", ".log");
            // The production JVM settings, as scripts/run.sh uses them.
            ProcessBuilder builder = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"),
                    "@scripts/jvm.options", "-jar", jar.toString());
            builder.environment().putIfAbsent("MALLOC_ARENA_MAX", "2");
            builder.environment().put("PETSTORE_API_KEYS", KEY);
            builder.environment().put("DATASOURCES_DEFAULT_URL", jdbcUrl);
            builder.environment().put("DATASOURCES_DEFAULT_USERNAME", jdbcUrl.startsWith("jdbc:mariadb:") ? "root" : "postgres");
            builder.environment().put("MICRONAUT_SERVER_PORT", Integer.toString(port));
            // The management port (when the build has one) must differ per instance too.
            builder.environment().put("ENDPOINTS_ALL_PORT", Integer.toString(port + 1000));
            builder.redirectErrorStream(true).redirectOutput(log.toFile());
            Service service = new Service(builder.start(), URI.create("http://127.0.0.1:" + port));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (System.nanoTime() < deadline) {
                try {
                    if (get(service.base(), "/v1/pets?limit=1").statusCode() == 200) {
                        return service;
                    }
                } catch (IOException e) {
                    sleep(100);
                }
                if (!service.process().isAlive()) {
                    throw new IllegalStateException("service on port " + port + " died at startup; see " + log);
                }
            }
            service.kill9();
            throw new IllegalStateException("service on port " + port + " did not start in 90 s; see " + log);
        }

        void kill9() throws InterruptedException {
            process.destroyForcibly(); // SIGKILL on Linux
            process.waitFor(10, TimeUnit.SECONDS);
        }

        void stop() throws InterruptedException {
            process.destroy(); // SIGTERM: graceful shutdown
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                kill9();
            }
        }

        long rssKiB() throws IOException {
            for (String line : Files.readAllLines(Path.of("/proc/" + process.pid() + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
            return 0;
        }
    }

    // --- mixed load ---------------------------------------------------------------------------

    /** Workers that add, list and fetch pets until stopped, recording every outcome. */
    static final class Load {
        record Outcome(int status, long micros) {
        }

        record Window(List<Outcome> outcomes) {
            long total() {
                return outcomes.size();
            }

            long errors() {
                return outcomes.stream().filter(o -> o.status() >= 400 || o.status() <= 0).count();
            }

            Map<Integer, Long> byStatus() {
                Map<Integer, Long> counts = new java.util.TreeMap<>();
                outcomes.forEach(o -> counts.merge(o.status(), 1L, Long::sum));
                return counts;
            }

            long p50Micros() {
                return percentile(0.50);
            }

            long p99Micros() {
                return percentile(0.99);
            }

            private long percentile(double p) {
                if (outcomes.isEmpty()) {
                    return 0;
                }
                List<Long> sorted = outcomes.stream().map(Outcome::micros).sorted().toList();
                return sorted.get((int) Math.min(sorted.size() - 1, Math.floor(p * sorted.size())));
            }
        }

        private final AtomicBoolean running = new AtomicBoolean(true);
        private final ConcurrentLinkedQueue<Outcome> all = new ConcurrentLinkedQueue<>();
        private volatile ConcurrentLinkedQueue<Outcome> current = new ConcurrentLinkedQueue<>();
        private final Map<Long, String> acknowledged = new ConcurrentHashMap<>();
        // The same ids in a list, so a fetch picks one in O(1): copying the key set per fetch made the
        // load generator itself slow down as pets accumulated (a 180 s soak fell from 8 400 to 2 500 req/s).
        private final List<Long> acknowledgedIds = new ArrayList<>();
        private final List<Thread> workers = new ArrayList<>();

        static Load start(List<URI> bases, int workers) {
            Load load = new Load();
            for (int w = 0; w < workers; w++) {
                URI base = bases.get(w % bases.size());
                int worker = w;
                load.workers.add(Thread.ofVirtual().start(() -> load.work(base, worker)));
            }
            return load;
        }

        private void work(URI base, int worker) {
            for (int n = 0; running.get(); n++) {
                long started = System.nanoTime();
                int status;
                String body = null;
                boolean create = n % 4 == 0;
                try {
                    HttpResponse<String> response = switch (n % 4) {
                        case 0 -> post(base, "{\"name\":\"load " + worker + "-" + n + "\",\"categoryId\":" + (n + 1) + ",\"status\":\"sold\"}");
                        case 1 -> get(base, "/v1/pets?limit=20");
                        case 2 -> get(base, "/v1/pets?status=sold&limit=100");
                        default -> get(base, "/v1/pets/" + randomKnownId());
                    };
                    status = response.statusCode();
                    body = response.body();
                } catch (IOException | InterruptedException e) {
                    status = -1; // no response at all (timeout, connection refused)
                }
                Outcome outcome = new Outcome(status, (System.nanoTime() - started) / 1_000);
                all.add(outcome);
                current.add(outcome);
                if (create && status == 201) {
                    long id = idOf(body);
                    acknowledged.put(id, body);
                    synchronized (acknowledgedIds) {
                        acknowledgedIds.add(id);
                    }
                }
            }
        }

        private long randomKnownId() {
            synchronized (acknowledgedIds) {
                return acknowledgedIds.isEmpty() ? 1 : acknowledgedIds.get(ThreadLocalRandom.current().nextInt(acknowledgedIds.size()));
            }
        }

        Window window(long millis) {
            return window(millis, () -> { });
        }

        /** A window of {@code millis}, running {@code eachSecond} once a second while it lasts. */
        Window window(long millis, Runnable eachSecond) {
            current = new ConcurrentLinkedQueue<>();
            for (long waited = 0; waited < millis; waited += 1_000) {
                sleep(Math.min(1_000, millis - waited));
                eachSecond.run();
            }
            return new Window(new ArrayList<>(current));
        }

        void stop() throws InterruptedException {
            running.set(false);
            for (Thread worker : workers) {
                worker.join();
            }
        }

        long total() {
            return all.size();
        }

        long count(int status) {
            return all.stream().filter(o -> o.status() == status).count();
        }

        long errors() {
            return new Window(new ArrayList<>(all)).errors();
        }

        /** Responses that are neither success nor the documented 503 (404s for ids not yet seen are impossible: ids come from 201s). */
        long unexpected() {
            return all.stream().filter(o -> o.status() != 200 && o.status() != 201 && o.status() != 503).count();
        }

        Map<Integer, Long> byStatus() {
            return new Window(new ArrayList<>(all)).byStatus();
        }

        long slowestMillis() {
            return all.stream().mapToLong(Outcome::micros).max().orElse(0) / 1_000;
        }

        long lostPets(URI base) throws IOException, InterruptedException {
            long lost = 0;
            for (var pet : acknowledged.entrySet()) {
                lost += get(base, "/v1/pets/" + pet.getKey()).body().equals(pet.getValue()) ? 0 : 1;
            }
            return lost;
        }
    }
}
