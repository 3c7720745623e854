package org.animalstore.bootstrap;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.http.annotation.Filter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.FilterPatternStyle;
import io.micronaut.runtime.Micronaut;
import java.util.Arrays;
import java.util.List;
import org.animalstore.domain.port.out.StorageUnavailableException;

/** The hexagon's dependency rules. Each rule names the constraint it enforces; a violation fails the build. */
@AnalyzeClasses(packages = "org.animalstore", importOptions = {ImportOption.DoNotIncludeTests.class, ArchitectureTest.DoNotIncludeTestJars.class})
class ArchitectureTest {

    /** Test code shared through test-jars (domain's fakes and contracts) is not production code either. */
    static final class DoNotIncludeTestJars implements ImportOption {
        @Override
        public boolean includes(Location location) {
            return !location.contains("-tests.jar");
        }
    }

    private static final String DOMAIN = "org.animalstore.domain..";
    private static final String DOMAIN_MODEL = "org.animalstore.domain.model..";
    private static final String INBOUND_PORTS = "org.animalstore.domain.port.in..";
    private static final String OUTBOUND_PORTS = "org.animalstore.domain.port.out..";
    private static final String APPLICATION = "org.animalstore.application..";
    private static final String REST = "org.animalstore.adapters.rest..";
    private static final String PERSISTENCE = "org.animalstore.adapters.persistence..";
    private static final String BOOTSTRAP = "org.animalstore.bootstrap..";
    private static final String POSTGRESQL_ADAPTER = "org.animalstore.adapters.persistence.postgresql..";
    private static final String MARIADB_ADAPTER = "org.animalstore.adapters.persistence.mariadb..";
    // The plain JDK: not java.sql, java.net or javax.*, which would tie the core to a technology.
    private static final String[] PLAIN_JDK = {"java.lang..", "java.util..", "java.time..", "java.math.."};

    @ArchTest
    static final ArchRule domain_is_plain_java = classes().that().resideInAPackage(DOMAIN)
            .should().onlyDependOnClassesThat().resideInAnyPackage(concat(PLAIN_JDK, DOMAIN))
            .as("domain depends on nothing but the JDK (no Micronaut, Jakarta, JDBC, networking or Jackson)");

    @ArchTest
    static final ArchRule application_depends_on_domain_only = classes().that().resideInAPackage(APPLICATION)
            .should().onlyDependOnClassesThat().resideInAnyPackage(concat(PLAIN_JDK, APPLICATION, DOMAIN))
            .as("application depends on the domain and the JDK only (framework-free)");

    @ArchTest
    static final ArchRule rest_adapter_uses_inbound_ports_only = noClasses().that().resideInAPackage(REST)
            .should().dependOnClassesThat(resideInAnyPackage(APPLICATION, PERSISTENCE, BOOTSTRAP, OUTBOUND_PORTS)
                    .and(not(equivalentTo(StorageUnavailableException.class))))
            .as("adapters-rest talks to the domain's inbound ports, never to application, persistence or bootstrap;"
                    + " of the outbound ports it knows only StorageUnavailableException, which it answers with 503");

    @ArchTest
    static final ArchRule persistence_adapter_uses_domain_only = noClasses().that().resideInAPackage(PERSISTENCE)
            .should().dependOnClassesThat().resideInAnyPackage(APPLICATION, REST, BOOTSTRAP)
            .as("adapters-persistence implements the domain's outbound ports, never touching application, rest or bootstrap");

    @ArchTest
    static final ArchRule rest_adapter_avoids_storage_technology = noClasses().that().resideInAPackage(REST)
            .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "javax.sql..", "io.micronaut.data..", "org.flywaydb..")
            .as("adapters-rest knows nothing of SQL, Micronaut Data or Flyway");

    @ArchTest
    static final ArchRule persistence_adapter_avoids_http = noClasses().that().resideInAPackage(PERSISTENCE)
            .should().dependOnClassesThat().resideInAnyPackage("io.micronaut.http..", "io.micronaut.security..", "io.micronaut.serde..")
            .as("adapters-persistence knows nothing of HTTP, security or JSON");

    @ArchTest
    static final ArchRule database_adapters_are_independent = slices().matching("org.animalstore.adapters.persistence.(*)..")
            .should().notDependOnEachOther()
            .as("the PostgreSQL and MariaDB adapters do not depend on each other");

    @ArchTest
    static final ArchRule database_adapters_are_reached_through_ports_only = noClasses()
            .that().resideOutsideOfPackages(POSTGRESQL_ADAPTER, MARIADB_ADAPTER)
            .should().dependOnClassesThat().resideInAnyPackage(POSTGRESQL_ADAPTER, MARIADB_ADAPTER)
            .as("no class outside a database's own package uses it: the JDBC URL selects it, the ports reach it");

    @ArchTest
    static final ArchRule only_persistence_knows_the_database = noClasses().that().resideOutsideOfPackage(PERSISTENCE)
            .should().dependOnClassesThat().resideInAnyPackage("org.postgresql..", "org.mariadb..")
            .as("nothing outside adapters-persistence knows which database is used");

    @ArchTest
    static final ArchRule hexagonal_layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("Domain model").definedBy(DOMAIN_MODEL)
            .layer("Inbound ports").definedBy(INBOUND_PORTS)
            .layer("Outbound ports").definedBy(OUTBOUND_PORTS)
            .layer("Application").definedBy(APPLICATION)
            .layer("REST adapter").definedBy(REST)
            .layer("Persistence adapter").definedBy(PERSISTENCE)
            .layer("Bootstrap").definedBy(BOOTSTRAP)
            .whereLayer("Bootstrap").mayNotBeAccessedByAnyLayer()
            .whereLayer("REST adapter").mayOnlyBeAccessedByLayers("Bootstrap")
            .whereLayer("Persistence adapter").mayOnlyBeAccessedByLayers("Bootstrap")
            .whereLayer("Application").mayOnlyBeAccessedByLayers("Bootstrap")
            .whereLayer("Inbound ports").mayOnlyBeAccessedByLayers("Application", "REST adapter", "Bootstrap")
            .whereLayer("Outbound ports").mayOnlyBeAccessedByLayers("Application", "Persistence adapter", "Bootstrap")
            .whereLayer("Inbound ports").mayOnlyAccessLayers("Domain model")
            .whereLayer("Outbound ports").mayOnlyAccessLayers("Domain model")
            .whereLayer("Domain model").mayNotAccessAnyLayer()
            // The one outbound-port type a driving adapter may see: the failure it must answer (503).
            .ignoreDependency(resideInAPackage(REST), equivalentTo(StorageUnavailableException.class))
            .as("hexagonal layers: the domain model depends on nothing, each port only on the model; driving adapters"
                    + " use inbound ports, driven adapters implement outbound ones; bootstrap wires it all");

    @ArchTest
    static final ArchRule packages_are_free_of_cycles = slices().matching("org.animalstore.(**)").should().beFreeOfCycles()
            .as("no package cycles, in any module: each package can be read, and changed, after the ones it uses");

    @ArchTest
    static final ArchRule only_the_http_fence_reaches_below_micronauts_http_api = noClasses()
            .that().resideOutsideOfPackage("org.animalstore.adapters.rest.http..")
            .should().dependOnClassesThat().resideInAnyPackage("io.netty..", "io.micronaut.http.server.netty..", "io.micronaut.http.netty..")
            .as("only adapters-rest's http package (the fence, docs/framework-workarounds.md) touches Netty or Micronaut's pipeline");

    @ArchTest
    static final ArchRule bootstrap_stays_out_of_the_rest_adapters_internals = noClasses().that().resideInAPackage(BOOTSTRAP)
            .should().dependOnClassesThat().resideInAnyPackage("org.animalstore.adapters.rest.http..", "org.animalstore.adapters.rest.ops..")
            .as("bootstrap uses nothing inside the REST adapter's fence (http) or request plumbing (ops): it names their settings"
                    + " and goes through the adapter's public classes (RequestTraces)");

    /** Replaces a Micronaut bean ({@code @Replaces}, on the class or a factory method) or subclasses a Micronaut class. */
    private static final DescribedPredicate<JavaClass> REPLACING_MICRONAUTS_PARTS = new DescribedPredicate<>(
            "replace a bean or subclass a class of Micronaut") {
        @Override
        public boolean test(JavaClass type) {
            if (type.getName().contains(".$")) {
                return false; // Micronaut's generated bean definitions
            }
            boolean replaces = type.isAnnotatedWith(Replaces.class) || type.getMethods().stream().anyMatch(method -> method.isAnnotatedWith(Replaces.class));
            boolean subclass = type.getRawSuperclass()
                    .filter(parent -> parent.getPackageName().startsWith("io.micronaut.") && !parent.isEquivalentTo(Micronaut.class)).isPresent();
            return replaces || subclass;
        }
    };

    @ArchTest
    static final ArchRule only_the_bootstrap_fence_replaces_micronauts_parts = classes().that().resideInAPackage(BOOTSTRAP)
            .and(REPLACING_MICRONAUTS_PARTS).should().resideInAPackage("org.animalstore.bootstrap.fence")
            .as("in bootstrap only the fence replaces a Micronaut bean or subclasses a Micronaut class (Micronaut, the builder whose"
                    + " newApplicationContext hook is the documented way in, aside), each with its upstream issue and canary"
                    + " (docs/framework-workarounds/beside-the-fence.md)");

    @ArchTest
    static final ArchRule server_filters_match_every_path = classes().that().areAnnotatedWith(ServerFilter.class).or().areAnnotatedWith(Filter.class)
            .should(new ArchCondition<JavaClass>("match every path") {
                @Override
                public void check(JavaClass filter, ConditionEvents events) {
                    boolean server = filter.isAnnotatedWith(ServerFilter.class);
                    String[] patterns = server ? filter.getAnnotationOfType(ServerFilter.class).value() : filter.getAnnotationOfType(Filter.class).value();
                    FilterPatternStyle style = server ? filter.getAnnotationOfType(ServerFilter.class).patternStyle()
                            : filter.getAnnotationOfType(Filter.class).patternStyle();
                    List<String> resolved = Arrays.stream(patterns).map(ArchitectureTest::withDefaultsResolved).toList();
                    if (!(resolved.isEmpty() || resolved.equals(List.of(ServerFilter.MATCH_ALL_PATTERN))) || style != FilterPatternStyle.ANT) {
                        events.add(SimpleConditionEvent.violated(filter, filter.getName() + " matches " + Arrays.toString(patterns) + " (" + style + ")"));
                    }
                }
            })
            .as("every filter (@ServerFilter or @Filter) matches every path and tests the path itself (Requests.forTheApi): one filter"
                    + " with a pattern makes Micronaut match and sort the whole filter chain on every request (docs/performance/choices.md)");

    /** A pattern as Micronaut reads it when nothing overrides its placeholders: {@code ${name:/**}} is {@code /**}. */
    static String withDefaultsResolved(String pattern) {
        return pattern.replaceAll("\\$\\{[^:}]+:([^}]*)}", "$1");
    }

    private static String[] concat(String[] first, String... more) {
        return java.util.stream.Stream.concat(java.util.Arrays.stream(first), java.util.Arrays.stream(more)).toArray(String[]::new);
    }
}
