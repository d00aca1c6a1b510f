package io.dbbench.load;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Properties;

/**
 * The steady levels that servers shared among a run's trials reached earlier in the run: for each
 * key (the server processes and the request mix, see {@link #key}), the cost per request, in µs
 * of the warm-up's meter, at which the last warm-up of that mix on those processes was steady
 * ({@link SteadyState}). A later trial of the same mix on the same processes is steady as soon as
 * its first windows average within the tolerance of that level ({@link SteadyState#reach}), instead
 * of proving flatness again from scratch: the server did not restart, so the level it reached is
 * the level to confirm. Kept in {@value #FILE} in the run directory ({@code -Ddbbench.run.dir},
 * which the main job gives its forks); without a run directory (plain JMH, an IDE) nothing is kept
 * and every warm-up proves flatness on its own. Trials run one at a time, so the file has one
 * writer at a time; it is replaced whole on each write.
 */
public final class SteadyLevels {
  /** The file in the run directory. */
  public static final String FILE = "steady-levels.properties";

  private SteadyLevels() {}

  /**
   * The key of a mix on shared server processes: {@code pids} (every process whose CPU the meter
   * reads; a process that restarts gets another pid, so a fresh server never inherits a level) and
   * {@code mix} (what the requests are, with every parameter that changes the server's cost per
   * request). Empty when a pid is negative (a server this run does not share, or whose CPU cannot
   * be read).
   */
  public static Optional<String> key(String mix, long... pids) {
    StringBuilder b = new StringBuilder();
    for (long p : pids) {
      if (p < 0) {
        return Optional.empty();
      }
      b.append(p).append('/');
    }
    return Optional.of(b.append(mix).toString());
  }

  /** The run directory's file, when this JVM was given one. */
  static Optional<Path> file() {
    String dir = System.getProperty("dbbench.run.dir");
    return dir == null || dir.isBlank() ? Optional.empty() : Optional.of(Path.of(dir, FILE));
  }

  /** The level recorded for {@code key} in {@code file}, in µs per request; empty when there is none or the file cannot be read. */
  static OptionalDouble lookup(Path file, String key) {
    Properties p = read(file);
    String v = p.getProperty(key);
    if (v == null) {
      return OptionalDouble.empty();
    }
    try {
      double d = Double.parseDouble(v);
      return d > 0 && Double.isFinite(d) ? OptionalDouble.of(d) : OptionalDouble.empty();
    } catch (NumberFormatException e) {
      return OptionalDouble.empty();
    }
  }

  /**
   * Records {@code costUs} (µs per request, greater than 0) as the level of {@code key} in
   * {@code file}, replacing the file whole (a temporary file moved over it). A file that cannot be
   * written costs the next trials their shortcut, never a result: the failure is returned, not thrown.
   *
   * @return empty, or why the level was not recorded
   */
  static Optional<String> record(Path file, String key, double costUs) {
    if (!(costUs > 0) || !Double.isFinite(costUs)) {
      return Optional.of("level " + costUs + " us; expected a positive number");
    }
    Properties p = read(file);
    p.setProperty(key, Double.toString(costUs));
    try {
      Path tmp = Files.createTempFile(file.getParent(), FILE, ".tmp");
      try (OutputStream out = Files.newOutputStream(tmp)) {
        p.store(out, "steady levels of the servers shared by this run's trials (io.dbbench.load.SteadyLevels)");
      }
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      return Optional.of("cannot write " + file + ": " + e.getMessage());
    }
  }

  private static Properties read(Path file) {
    Properties p = new Properties();
    if (Files.isRegularFile(file)) {
      try (InputStream in = Files.newInputStream(file)) {
        p.load(in);
      } catch (IOException | IllegalArgumentException e) {
        return new Properties(); // unreadable: every warm-up proves flatness on its own
      }
    }
    return p;
  }
}
