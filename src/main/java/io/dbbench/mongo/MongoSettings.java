package io.dbbench.mongo;

import io.dbbench.core.BenchConfig;
import io.dbbench.core.Redaction;
import io.dbbench.core.SettingsReader;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Which MongoDB the mongo and payload families talk to, parsed once from settings (environment
 * variables, or the matching {@code -D} system properties through {@link #fromEnvironment()});
 * nothing is opened here ({@link MongoTarget#open(MongoSettings, Arrangement)} does that):
 *
 * <ol>
 *   <li>{@value MongoTarget#ENV_URI}: a real MongoDB's connection string;
 *   <li>{@value MongoTarget#ENV_CONTAINER}{@code =true}: Testcontainers
 *       {@value MongoTarget#CONTAINER_IMAGE} when a Docker engine answers;
 *   <li>otherwise the mongo-java-server stand-in, in a JVM of its own with
 *       {@value MongoTarget#ENV_STANDIN_HEAP} as its {@code -Xmx} (default
 *       {@value MongoTarget#DEFAULT_STANDIN_HEAP}).
 * </ol>
 *
 * Parsing is a pure function of the lookup given to {@link #parse(Function)}; the URI is checked as a
 * connection string when it is opened ({@link MongoTarget#forUri}: a {@code mongodb+srv} URI needs a
 * DNS lookup). {@link #toString()} never shows a password.
 *
 * @param uri {@value MongoTarget#ENV_URI}, raw (it may hold credentials: only for the driver), when set
 * @param container {@value MongoTarget#ENV_CONTAINER}: start Testcontainers instead of the stand-in
 * @param standInHeap {@value MongoTarget#ENV_STANDIN_HEAP}: the stand-in process's {@code -Xmx}, e.g. {@code 3g}
 */
public record MongoSettings(Optional<String> uri, boolean container, String standInHeap) {

  /** Every setting this record reads. */
  public static final List<String> NAMES = List.of(MongoTarget.ENV_URI, MongoTarget.ENV_CONTAINER,
      MongoTarget.ENV_STANDIN_HEAP);

  /** A JVM heap size as {@code -Xmx} takes it, as a regular expression: digits and an optional unit. */
  public static final String HEAP_SIZE = "\\d+[kKmMgG]?";

  /**
   * {@link #parse(Function)} over the environment and system properties ({@link BenchConfig#get}).
   *
   * @throws IllegalArgumentException naming the setting, its value and what was expected when one is malformed
   */
  public static MongoSettings fromEnvironment() {
    return parse(BenchConfig::get);
  }

  /**
   * {@link #parse(Function)} over a map of settings (environment-variable names to values).
   *
   * @throws IllegalArgumentException naming the setting, its value and what was expected when one is malformed
   */
  public static MongoSettings parse(Map<String, String> settings) {
    return parse(SettingsReader.of(settings));
  }

  /**
   * Parses {@link #NAMES}; reads nothing but {@code settings}.
   *
   * @param settings a setting's value by its environment-variable name; empty (or blank) when unset
   * @throws IllegalArgumentException when {@value MongoTarget#ENV_CONTAINER} is not a boolean or
   *     {@value MongoTarget#ENV_STANDIN_HEAP} not a heap size (the message names the value and
   *     what was expected)
   */
  public static MongoSettings parse(Function<String, Optional<String>> settings) {
    SettingsReader s = new SettingsReader(settings);
    boolean container = s.getBoolean(MongoTarget.ENV_CONTAINER, false);
    String heap = s.get(MongoTarget.ENV_STANDIN_HEAP, MongoTarget.DEFAULT_STANDIN_HEAP);
    if (!heap.matches(HEAP_SIZE)) {
      throw new IllegalArgumentException(MongoTarget.ENV_STANDIN_HEAP + "='" + heap
          + "'; expected a JVM heap size such as 3g or 512m");
    }
    return new MongoSettings(s.get(MongoTarget.ENV_URI), container, heap);
  }

  @Override
  public String toString() {
    return "MongoSettings[uri=" + uri.map(Redaction::redact).orElse("none") + ", container=" + container
        + ", standInHeap=" + standInHeap + "]";
  }
}
