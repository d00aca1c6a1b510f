package io.dbbench.core;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The one typed settings reader: reads over a lookup (a name in environment-variable spelling, e.g.
 * {@code DBBENCH_JDBC_URL}, to its value), so that the classes that parse settings are pure
 * functions of what they are given: {@link #environment()} reads the environment and the matching
 * {@code -D} system properties ({@link BenchConfig#get}), tests pass a map ({@link #of}). Blank
 * values count as unset; values are trimmed. Every error names the setting and its value; callers
 * whose values may hold credentials redact the message before printing it. Every value read
 * teaches {@link KnownSecrets} its secret parts, so a message a driver builds from it is scrubbed.
 */
public final class SettingsReader {
  private final Function<String, Optional<String>> lookup;

  /** A reader over {@code lookup}; a {@code null} answer counts as unset. */
  public SettingsReader(Function<String, Optional<String>> lookup) {
    this.lookup = lookup;
  }

  /** A reader over the environment and system properties ({@link BenchConfig#get}). */
  public static SettingsReader environment() {
    return new SettingsReader(BenchConfig::get);
  }

  /** A lookup over {@code settings} (environment-variable names to values); absent keys are unset. */
  public static Function<String, Optional<String>> of(Map<String, String> settings) {
    Map<String, String> copy = Map.copyOf(settings);
    return name -> Optional.ofNullable(copy.get(name));
  }

  /** The trimmed value of {@code name}, empty when unset or blank. */
  public Optional<String> get(String name) {
    Optional<String> v = lookup.apply(name);
    Optional<String> out = v == null ? Optional.empty() : v.map(String::trim).filter(s -> !s.isEmpty());
    out.ifPresent(value -> KnownSecrets.learn(name, value));
    return out;
  }

  /** The value of {@code name}, or {@code def} when unset. */
  public String get(String name, String def) {
    return get(name).orElse(def);
  }

  /**
   * An integer setting.
   *
   * @throws IllegalArgumentException naming the setting and its value when it is not an integer
   */
  public int getInt(String name, int def) {
    return ranged(name, def, Integer::parseInt, i -> true, "an integer; expected e.g. " + name + "=" + def);
  }

  /**
   * A long setting; {@code example} is shown in the error.
   *
   * @throws IllegalArgumentException naming the setting and its value when it is not an integer
   */
  public Long getLong(String name, Long def, String example) {
    return ranged(name, def, Long::parseLong, l -> true, "an integer; expected e.g. " + name + "=" + example);
  }

  /**
   * A positive integer setting, empty when unset; {@code example} is shown in the error.
   *
   * @throws IllegalArgumentException naming the setting and its value when it is not an integer of at least 1
   */
  public Optional<Integer> getPositiveInt(String name, String example) {
    return Optional.ofNullable(ranged(name, null, Integer::parseInt, i -> i >= 1,
        "a positive integer; expected e.g. " + name + "=" + example));
  }

  /**
   * An integer setting from {@code min} to {@code max} ({@link Integer#MAX_VALUE}: no upper bound);
   * {@code what} names the unit in the error (e.g. {@code "number of milliseconds"}) and
   * {@code example} is the value the error suggests.
   *
   * @throws IllegalArgumentException naming the setting, its value and the accepted range otherwise
   */
  public int getInt(String name, int def, int min, int max, String what, String example) {
    return ranged(name, def, Integer::parseInt, i -> i >= min && i <= max, "a " + what + (max == Integer.MAX_VALUE
        ? " of at least " + min : " from " + min + " to " + max) + "; expected e.g. " + name + "=" + example);
  }

  /**
   * A decimal setting from {@code min} to {@code max}; {@code what} names it in the error (e.g.
   * {@code "share"}) and {@code example} is the value the error suggests.
   *
   * @throws IllegalArgumentException naming the setting, its value and the accepted range otherwise
   */
  public double getDouble(String name, double def, double min, double max, String what, String example) {
    return ranged(name, def, Double::parseDouble, d -> d >= min && d <= max, "a " + what + "; expected a number from "
        + plain(min) + " to " + plain(max) + ", e.g. " + name + "=" + example);
  }

  /**
   * The setting parsed, when it parses and {@code accepted} holds; {@code def} when it is not set.
   *
   * @param expected what the error says after "is not " (e.g. {@code "an integer; expected e.g. N=3"})
   * @throws IllegalArgumentException naming the setting, its value and {@code expected} otherwise
   */
  private <T> T ranged(String name, T def, Function<String, T> parse, Predicate<T> accepted, String expected) {
    Optional<String> v = get(name);
    if (v.isEmpty()) {
      return def;
    }
    try {
      T t = parse.apply(v.get());
      if (accepted.test(t)) {
        return t;
      }
    } catch (NumberFormatException e) {
      // falls through to the message
    }
    throw new IllegalArgumentException(name + "='" + v.get() + "' is not " + expected);
  }

  /** {@code 1} for 1.0, {@code 0.5} for 0.5. */
  private static String plain(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }

  /**
   * A boolean setting: {@code true/false}, {@code yes/no}, {@code 1/0}, {@code on/off} (case-insensitive).
   *
   * @throws IllegalArgumentException naming the setting and its value otherwise
   */
  public boolean getBoolean(String name, boolean def) {
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
