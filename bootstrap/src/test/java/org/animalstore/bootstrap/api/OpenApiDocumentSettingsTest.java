package org.animalstore.bootstrap.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.env.Environment;
import io.micronaut.core.bind.annotation.Bindable;
import io.micronaut.core.naming.NameUtils;
import io.swagger.v3.core.util.Yaml;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.animalstore.bootstrap.support.OpenApiContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI document states limits an operator can change by the environment variable that sets each,
 * with its default, never as a bare figure; each default it quotes is the one the service is configured
 * with (application.yml, or a {@code @ConfigurationProperties} default when the file has none).
 */
class OpenApiDocumentSettingsTest {

    /** How the document quotes a setting: {@code `NAME` (default `VALUE`}. */
    private static final Pattern QUOTED_SETTING = Pattern.compile("`([A-Z][A-Z0-9_]*)` \\(default `([^`]+)`");

    /** Limits a client runs into, which operators can change: the document must quote each. */
    private static final Set<String> CLIENT_FACING_LIMITS = Set.of(
            "MICRONAUT_SERVER_MAX_REQUEST_SIZE", "MICRONAUT_SERVER_NETTY_MAX_HEADER_SIZE",
            "MICRONAUT_SERVER_NETTY_MAX_INITIAL_LINE_LENGTH", "PETSTORE_REQUEST_RECEIVE_TIMEOUT",
            "PETSTORE_CATALOGUE_MAX_QUEUE_WAIT", "PETSTORE_IDEMPOTENCY_TTL");

    /** Settings whose default is a {@code @Bindable} default of a configuration record rather than an application.yml entry. */
    private static final List<Class<? extends Record>> CONFIGURATION_RECORDS = List.of();

    private static ApplicationContext configuration;

    @BeforeAll
    static void readConfiguration() {
        // application.yml alone: no test environment, no environment variables or system properties of this JVM.
        configuration = ApplicationContext.builder().deduceEnvironment(false).environmentPropertySource(false).build();
        configuration.getEnvironment().start();
    }

    @AfterAll
    static void close() {
        configuration.getEnvironment().stop();
    }

    @Test
    void quotes_every_client_facing_limit_by_its_environment_variable() {
        assertThat(quotedDefaults().keySet()).containsAll(CLIENT_FACING_LIMITS);
    }

    @Test
    void quotes_each_setting_with_the_default_the_service_is_configured_with() {
        Map<String, Set<String>> quoted = quotedDefaults();

        assertThat(quoted).isNotEmpty();
        quoted.forEach((variable, defaults) -> assertThat(defaults)
                .as("defaults the document quotes for %s", variable)
                .containsExactly(configuredDefault(variable).orElse("(configured nowhere)")));
    }

    /** Every setting the document quotes, with each default it gives for it (all the same, if it is consistent). */
    private static Map<String, Set<String>> quotedDefaults() {
        Map<String, Set<String>> quoted = new TreeMap<>();
        for (String text : texts()) {
            Matcher matcher = QUOTED_SETTING.matcher(text);
            while (matcher.find()) {
                quoted.computeIfAbsent(matcher.group(1), variable -> new TreeSet<>()).add(matcher.group(2));
            }
        }
        return quoted;
    }

    /** Every string in the document (descriptions, examples, ...), each whole however the YAML folds it. */
    private static List<String> texts() {
        try {
            List<String> texts = new ArrayList<>();
            collect(Yaml.mapper().readTree(OpenApiContract.instance().text()), texts);
            return texts;
        } catch (IOException e) {
            throw new IllegalStateException("The OpenAPI document is not YAML", e);
        }
    }

    private static void collect(JsonNode node, List<String> texts) {
        if (node.isTextual()) {
            texts.add(node.textValue());
        }
        node.forEach(child -> collect(child, texts));
    }

    /**
     * The configured default of the setting an environment variable sets. Micronaut maps {@code A_B_C} to
     * {@code a.b.c}, {@code a.b-c}, {@code a-b.c}, ...: whichever of them application.yml names.
     */
    private static Optional<String> configuredDefault(String variable) {
        Environment environment = configuration.getEnvironment();
        for (String property : propertyNames(variable.toLowerCase().split("_"))) {
            Optional<String> value = environment.getProperty(property, String.class);
            if (value.isPresent()) {
                return value;
            }
        }
        for (Class<? extends Record> record : CONFIGURATION_RECORDS) {
            String prefix = record.getAnnotation(ConfigurationProperties.class).value();
            RecordComponent[] components = record.getRecordComponents();
            // @Bindable does not target record components: javac puts it on the canonical constructor's parameters.
            Parameter[] parameters = canonicalConstructor(record, components).getParameters();
            for (int i = 0; i < components.length; i++) {
                String property = prefix + "." + NameUtils.hyphenate(components[i].getName());
                Bindable bindable = parameters[i].getAnnotation(Bindable.class);
                if (bindable != null && variable.equals(property.toUpperCase().replace('.', '_').replace('-', '_'))) {
                    return Optional.of(bindable.defaultValue());
                }
            }
        }
        return Optional.empty();
    }

    private static Constructor<?> canonicalConstructor(Class<? extends Record> record, RecordComponent[] components) {
        try {
            return record.getDeclaredConstructor(Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The words joined by '.' or '-' in every combination. */
    private static List<String> propertyNames(String[] words) {
        List<String> names = List.of(words[0]);
        for (int i = 1; i < words.length; i++) {
            List<String> longer = new ArrayList<>();
            for (String name : names) {
                longer.add(name + "." + words[i]);
                longer.add(name + "-" + words[i]);
            }
            names = longer;
        }
        return names;
    }
}
