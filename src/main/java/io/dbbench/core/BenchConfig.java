package io.dbbench.core;

import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Configuration lookup shared by every benchmark family: an environment variable first, then a
 * system property, then a default (the order Lucene's benchmark-jmh uses), so the same knob works
 * from a shell, from {@code -Dname=value} on a forked JMH JVM, and from an IDE.
 *
 * <p>Names: environment variables are upper case with underscores ({@code DBBENCH_JDBC_URL});
 * the matching system property is derived by lower-casing and turning {@code _} into {@code .}
 * ({@code dbbench.jdbc.url}). Values are never logged here: callers that print a value which may
 * hold a credential pass it through {@link Redaction} first; every value read or overridden here
 * teaches {@link KnownSecrets} its secret parts.
 */
public final class BenchConfig {
  private BenchConfig() {}

  /** The system property name that mirrors environment variable {@code envName}. */
  public static String propertyName(String envName) {
    return envName.toLowerCase(Locale.ROOT).replace('_', '.');
  }

  private static final ConcurrentHashMap<String, String> OVERRIDES =
      new ConcurrentHashMap<>();

  /**
   * Sets {@code envName} for this JVM, ahead of the environment and system properties, until the
   * returned handle is closed; a blank {@code value} makes the knob read as unset. For tests and
   * embedders that must choose a target whatever the caller's environment holds (a test of the
   * embedded default never skips because {@code DBBENCH_MONGO_URI} happens to be set).
   */
  public static AutoCloseable override(String envName, String value) {
    KnownSecrets.learn(envName, value);
    String previous = OVERRIDES.put(envName, value == null ? "" : value);
    return () -> {
      if (previous == null) {
        OVERRIDES.remove(envName);
      } else {
        OVERRIDES.put(envName, previous);
      }
    };
  }

  /**
   * The value of {@code envName} ({@linkplain #override override}, then env var, then system
   * property, then a fork's {@link SecretsFile}), or empty when unset or blank.
   */
  public static Optional<String> get(String envName) {
    String o = OVERRIDES.get(envName);
    if (o != null) {
      return o.isBlank() ? Optional.empty() : Optional.of(o.trim());
    }
    String v = System.getenv(envName);
    if (v == null || v.isBlank()) {
      v = System.getProperty(propertyName(envName));
    }
    if (v == null || v.isBlank()) {
      return SecretsFile.lookup(propertyName(envName)).map(String::trim);
    }
    KnownSecrets.learn(envName, v);
    return Optional.of(v.trim());
  }

  /** The value of {@code envName}, or {@code def} when unset. */
  public static String get(String envName, String def) {
    return get(envName).orElse(def);
  }

  /**
   * An integer knob ({@link SettingsReader#getInt} over the environment).
   *
   * @throws IllegalArgumentException naming the variable and its value when it is not an integer
   */
  public static int getInt(String envName, int def) {
    return SettingsReader.environment().getInt(envName, def);
  }

  /**
   * A boolean knob: {@code true/false}, {@code yes/no}, {@code 1/0}, {@code on/off} (case-insensitive;
   * {@link SettingsReader#getBoolean} over the environment).
   *
   * @throws IllegalArgumentException naming the variable and its value otherwise
   */
  public static boolean getBoolean(String envName, boolean def) {
    return SettingsReader.environment().getBoolean(envName, def);
  }
}
