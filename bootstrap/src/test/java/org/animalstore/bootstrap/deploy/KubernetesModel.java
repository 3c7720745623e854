package org.animalstore.bootstrap.deploy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads Kubernetes manifests into fabric8's model of the Kubernetes API, strictly: a wrong type fails in Jackson,
 * and a field the API does not have (which the model would keep aside in {@code additionalProperties}) is refused.
 */
final class KubernetesModel {

    /** The kinds deploy/kubernetes uses, each at the API version the model class stands for. */
    private static final Map<String, Class<? extends HasMetadata>> KINDS = Map.of(
            "v1/ConfigMap", ConfigMap.class,
            "v1/Secret", Secret.class,
            "v1/Service", Service.class,
            "apps/v1/Deployment", Deployment.class,
            "policy/v1/PodDisruptionBudget", PodDisruptionBudget.class);

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private KubernetesModel() {
    }

    static HasMetadata read(String yaml) {
        try {
            JsonNode tree = YAML.readTree(yaml);
            String kind = tree.path("apiVersion").asText() + "/" + tree.path("kind").asText();
            Class<? extends HasMetadata> type = KINDS.get(kind);
            if (type == null) {
                throw new IllegalArgumentException("not a kind these manifests use: " + kind);
            }
            HasMetadata resource = YAML.treeToValue(tree, type);
            List<String> unknown = new ArrayList<>();
            collectUnknownFields(resource, kind, unknown);
            if (!unknown.isEmpty()) {
                throw new IllegalArgumentException("fields the Kubernetes API does not have: " + unknown);
            }
            return resource;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode tree(String yaml) {
        try {
            return YAML.readTree(yaml);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Walks the model's getters: every object of it keeps what Jackson could not place in additionalProperties. */
    private static void collectUnknownFields(Object value, String path, List<String> unknown) {
        if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                collectUnknownFields(list.get(i), path + "[" + i + "]", unknown);
            }
            return;
        }
        if (value instanceof Map<?, ?> map) {
            map.forEach((key, entry) -> collectUnknownFields(entry, path + "." + key, unknown));
            return;
        }
        if (value == null || !value.getClass().getPackageName().startsWith("io.fabric8.kubernetes.api.model")) {
            return;
        }
        for (Method getter : value.getClass().getMethods()) {
            if (getter.getParameterCount() != 0 || Modifier.isStatic(getter.getModifiers()) || !getter.getName().startsWith("get")
                    || getter.getDeclaringClass() == Object.class) {
                continue;
            }
            Object field = invoke(getter, value);
            if (getter.getName().equals("getAdditionalProperties")) {
                if (field instanceof Map<?, ?> extra && !extra.isEmpty()) {
                    extra.keySet().forEach(name -> unknown.add(path + "." + name));
                }
            } else {
                collectUnknownFields(field, path + "." + getter.getName().substring(3), unknown);
            }
        }
    }

    private static Object invoke(Method getter, Object target) {
        try {
            return getter.invoke(target);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(getter + ": " + e.getMessage(), e);
        }
    }
}
