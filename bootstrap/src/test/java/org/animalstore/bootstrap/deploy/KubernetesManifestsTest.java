package org.animalstore.bootstrap.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.animalstore.bootstrap.docs.RepositoryRoot;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** deploy/kubernetes, read into the Kubernetes API model (no cluster needed), keeps the promises docs/deployment.md makes. */
class KubernetesManifestsTest {

    private static final Path ROOT = RepositoryRoot.find();
    private static final Path MANIFESTS = ROOT.resolve("deploy/kubernetes");
    private static final List<HasMetadata> RESOURCES = resources();
    private static final Map<String, Object> SETTINGS = new Yaml().load(read(ROOT.resolve("bootstrap/src/main/resources/application.yml")));

    @Test
    void every_manifest_kustomize_applies_is_listed_and_reads_as_the_kubernetes_api_defines_it() {
        List<String> files = new ArrayList<>();
        kustomization().path("resources").forEach(file -> files.add(file.asText()));

        assertThat(files).containsExactlyInAnyOrderElementsOf(manifestFiles().filter(file -> !file.equals("secret.example.yaml")).toList());
        assertThat(RESOURCES).extracting(HasMetadata::getKind)
                .containsExactlyInAnyOrder("ConfigMap", "Secret", "Service", "Service", "Deployment", "PodDisruptionBudget");
    }

    @Test
    void a_misspelt_field_or_a_wrong_type_fails_the_check() {
        String deployment = read(MANIFESTS.resolve("deployment.yaml"));

        assertThatThrownBy(() -> KubernetesModel.read(deployment.replace("readinessProbe:", "readynessProbe:")))
                .hasMessageContaining("readynessProbe");
        assertThatThrownBy(() -> KubernetesModel.read(deployment.replace("replicas: 3", "replicas: three")));
        assertThatThrownBy(() -> KubernetesModel.read(deployment.replace("apiVersion: apps/v1", "apiVersion: apps/v1beta1")));
    }

    @Test
    void probes_ask_the_management_port_for_liveness_and_readiness() {
        Container container = container();
        int managementPort = ((Number) setting("endpoints", "all", "port")).intValue();

        assertThat(port(container, "management").getContainerPort()).isEqualTo(managementPort);
        assertThat(port(container, "http").getContainerPort()).isEqualTo(((Number) setting("micronaut", "server", "port")).intValue());
        assertProbe(container.getLivenessProbe(), "/health/liveness");
        assertProbe(container.getStartupProbe(), "/health/liveness");
        assertProbe(container.getReadinessProbe(), "/health/readiness");
        Probe startup = container.getStartupProbe();
        assertThat(startup.getPeriodSeconds() * startup.getFailureThreshold()).as("seconds a start may take").isGreaterThanOrEqualTo(90);
    }

    @Test
    void runs_as_the_images_non_root_user_on_a_read_only_root_without_capabilities() {
        PodSpec pod = pod();
        var container = container().getSecurityContext();

        assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
        assertThat(read(ROOT.resolve("scripts/image.sh"))).contains("USER " + pod.getSecurityContext().getRunAsUser() + ":");
        assertThat(container.getReadOnlyRootFilesystem()).isTrue();
        assertThat(container.getAllowPrivilegeEscalation()).isFalse();
        assertThat(container.getCapabilities().getDrop()).containsExactly("ALL");
        assertThat(pod.getVolumes()).as("nothing is written: no volume needed").isNullOrEmpty();
    }

    @Test
    void takes_keys_and_cursor_secret_from_a_secret_and_the_database_url_from_a_config_map() {
        Container container = container();
        Secret secret = only(Secret.class);
        ConfigMap config = only(ConfigMap.class);

        assertThat(container.getEnvFrom()).anySatisfy(from -> assertThat(from.getSecretRef()).isNotNull()
                .satisfies(secretRef -> assertThat(secretRef.getName()).isEqualTo(secret.getMetadata().getName())));
        assertThat(container.getEnvFrom()).anySatisfy(from -> assertThat(from.getConfigMapRef()).isNotNull()
                .satisfies(configRef -> assertThat(configRef.getName()).isEqualTo(config.getMetadata().getName())));
        assertThat(secret.getStringData()).containsKeys("PETSTORE_API_KEYS", "PETSTORE_CURSOR_SECRET", "DATASOURCES_DEFAULT_PASSWORD");
        assertThat(config.getData()).containsKey("DATASOURCES_DEFAULT_URL")
                .allSatisfy((name, value) -> assertThat(name).doesNotContain("KEY", "SECRET", "PASSWORD"));
        assertThat(container.getEnv()).isNullOrEmpty();
    }

    @Test
    void a_rolling_update_never_goes_below_what_the_disruption_budget_promises() {
        Deployment deployment = only(Deployment.class);
        PodDisruptionBudget budget = only(PodDisruptionBudget.class);
        var rolling = deployment.getSpec().getStrategy().getRollingUpdate();

        int lowest = deployment.getSpec().getReplicas() - rolling.getMaxUnavailable().getIntVal();
        assertThat(lowest).isGreaterThanOrEqualTo(budget.getSpec().getMinAvailable().getIntVal());
        assertThat(budget.getSpec().getMinAvailable().getIntVal()).isLessThan(deployment.getSpec().getReplicas());
        assertThat(budget.getSpec().getSelector().getMatchLabels()).isEqualTo(deployment.getSpec().getTemplate().getMetadata().getLabels());
    }

    @Test
    void has_a_service_for_each_port_selecting_the_pods() {
        Map<String, String> podLabels = only(Deployment.class).getSpec().getTemplate().getMetadata().getLabels();
        List<String> targets = new ArrayList<>();
        for (HasMetadata resource : RESOURCES) {
            if (resource instanceof Service service) {
                assertThat(podLabels).containsAllEntriesOf(service.getSpec().getSelector());
                service.getSpec().getPorts().forEach(port -> targets.add(port.getTargetPort().getStrVal()));
            }
        }
        assertThat(targets).containsExactlyInAnyOrderElementsOf(container().getPorts().stream().map(ContainerPort::getName).toList());
    }

    @Test
    void the_grace_period_outlasts_the_pre_stop_pause_and_the_services_drain() {
        long preStop = container().getLifecycle().getPreStop().getSleep().getSeconds();
        Duration drain = Duration.parse("PT" + setting("micronaut", "lifecycle", "graceful-shutdown", "grace-period"));

        assertThat(preStop).isPositive();
        assertThat(pod().getTerminationGracePeriodSeconds()).isGreaterThan(preStop + drain.toSeconds());
    }

    @Test
    void limits_memory_above_the_heap_the_jvm_options_allow() {
        var resources = container().getResources();
        long heap = Stream.of(read(ROOT.resolve("scripts/jvm.options")).split("\n")).filter(line -> line.startsWith("-Xmx"))
                .map(line -> Quantity.getAmountInBytes(new Quantity(line.substring(4, line.length() - 1), "Mi")).longValue())
                .findFirst().orElseThrow();

        assertThat(resources.getRequests()).containsKeys("cpu", "memory");
        assertThat(Quantity.getAmountInBytes(resources.getLimits().get("memory")).longValue()).isGreaterThan(heap + 64L * 1024 * 1024);
        assertThat(Quantity.getAmountInBytes(resources.getRequests().get("memory")))
                .isLessThanOrEqualTo(Quantity.getAmountInBytes(resources.getLimits().get("memory")));
    }

    private static void assertProbe(Probe probe, String path) {
        assertThat(probe.getHttpGet().getPath()).isEqualTo(path);
        assertThat(probe.getHttpGet().getPort().getStrVal()).isEqualTo("management");
    }

    private static ContainerPort port(Container container, String name) {
        return container.getPorts().stream().filter(port -> name.equals(port.getName())).findFirst().orElseThrow();
    }

    private static PodSpec pod() {
        return only(Deployment.class).getSpec().getTemplate().getSpec();
    }

    private static Container container() {
        assertThat(pod().getContainers()).hasSize(1);
        return pod().getContainers().getFirst();
    }

    private static <T extends HasMetadata> T only(Class<T> kind) {
        List<T> found = RESOURCES.stream().filter(kind::isInstance).map(kind::cast).toList();
        assertThat(found).as(kind.getSimpleName()).hasSize(1);
        return found.getFirst();
    }

    @SuppressWarnings("unchecked")
    private static Object setting(String... path) {
        Object node = SETTINGS;
        for (String name : path) {
            node = ((Map<String, Object>) node).get(name);
        }
        return node;
    }

    private static JsonNode kustomization() {
        return KubernetesModel.tree(read(MANIFESTS.resolve("kustomization.yaml")));
    }

    private static Stream<String> manifestFiles() {
        try (Stream<Path> files = Files.list(MANIFESTS)) {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".yaml"))
                    .filter(name -> !name.equals("kustomization.yaml")).sorted().toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<HasMetadata> resources() {
        return manifestFiles().map(file -> KubernetesModel.read(read(MANIFESTS.resolve(file)))).toList();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
