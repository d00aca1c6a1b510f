package io.dbbench.jdbc;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Typed reads over a settings lookup (name in environment-variable spelling, e.g.
 * {@code DBBENCH_JDBC_URL}, to its value), so that {@link JdbcTarget} and {@link GomessageConfig}
 * are pure functions of the settings they are given: {@code fromEnvironment()} passes the real
 * environment and system properties ({@code BenchConfig::get}), tests pass a map. Blank values
 * count as unset; values are trimmed. Values are never printed here unredacted by callers that may
 * hold credentials.
 */
final class JdbcSettings {
  private final Function<String, Optional<String>> lookup;

  JdbcSettings(Function<String, Optional<String>> lookup) {
    this.lookup = lookup;
  }

  /** A lookup over {@code settings} (environment-variable names to values); absent keys are unset. */
  static Function<String, Optional<String>> of(Map<String, String> settings) {
    Map<String, String> copy = Map.copyOf(settings);
    return name -> Optional.ofNullable(copy.get(name));
  }

  Optional<String> get(String name) {
    Optional<String> v = lookup.apply(name);
    return v == null ? Optional.empty() : v.map(String::trim).filter(s -> !s.isEmpty());
  }

  String get(String name, String def) {
    return get(name).orElse(def);
  }

  /** @throws IllegalArgumentException naming the setting and its value when it is not an integer */
  int getInt(String name, int def) {
    Optional<String> v = get(name);
    if (v.isEmpty()) {
      return def;
    }
    try {
      return Integer.parseInt(v.get());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + "='" + v.get() + "' is not an integer; expected e.g. " + name + "="
          + def, e);
    }
  }

  /** @throws IllegalArgumentException naming the setting and its value when it is not an integer */
  Long getLong(String name, Long def, String example) {
    Optional<String> v = get(name);
    if (v.isEmpty()) {
      return def;
    }
    try {
      return Long.parseLong(v.get());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + "='" + v.get() + "' is not an integer; expected e.g. " + name + "="
          + example, e);
    }
  }

  /**
   * {@code true/false}, {@code yes/no}, {@code 1/0}, {@code on/off} (case-insensitive).
   *
   * @throws IllegalArgumentException naming the setting and its value otherwise
   */
  boolean getBoolean(String name, boolean def) {
    Optional<String> v = get(name);
    if (v.isEmpty()) {
      return def;
    }
    return switch (v.get().toLowerCase(Locale.ROOT)) {
      case "true", "yes", "1", "on" -> true;
      case "false", "no", "0", "off" -> false;
      default -> throw new IllegalArgumentException(name + "='" + v.get() + "' is not a boolean; expected true or false");
    };
  }
}
