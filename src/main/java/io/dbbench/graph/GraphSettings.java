package io.dbbench.graph;

import io.dbbench.core.BenchConfig;
import io.dbbench.core.SettingsReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The graph family's knobs, parsed and validated: {@link #fromEnvironment()} reads each from its
 * environment variable, then the {@code -D} system property of the same name, then the default
 * ({@link SettingsReader#environment()}), so that JMH forks see them; {@link #parse} takes a map.
 *
 * @param bufferPoolBytes {@code DBBENCH_GRAPH_BUFFER_POOL_MB} (default 256, graphd's default): the
 *     Kuzu buffer pool, given in MiB, here in bytes
 * @param tempRoot {@code DBBENCH_GRAPH_TMPDIR} (default {@code java.io.tmpdir}): where each trial's
 *     database and journal directory is created (and deleted in tear-down)
 * @param seed {@code DBBENCH_GRAPH_SEED} (default 42): seed of the preloaded edges and of the ids the
 *     benchmarks pick
 */
public record GraphSettings(long bufferPoolBytes, Path tempRoot, long seed) {
  /** Environment variable for the buffer pool size in MiB. */
  public static final String BUFFER_POOL_MB = "DBBENCH_GRAPH_BUFFER_POOL_MB";
  /** Environment variable for the temp root. */
  public static final String TMPDIR = "DBBENCH_GRAPH_TMPDIR";
  /** Environment variable for the data seed. */
  public static final String SEED = "DBBENCH_GRAPH_SEED";
  /** graphd's default buffer pool, MiB. */
  public static final int DEFAULT_BUFFER_POOL_MB = 256;
  /** Default data seed. */
  public static final long DEFAULT_SEED = 42L;

  /**
   * The settings from the environment and system properties.
   *
   * @throws IllegalArgumentException naming the variable and its value when the buffer pool is not a
   *     positive number of MiB or the seed is not an integer
   */
  public static GraphSettings fromEnvironment() {
    return parse(SettingsReader.environment());
  }

  /**
   * The settings from {@code settings} (environment-variable names to values; absent = default).
   *
   * @throws IllegalArgumentException as {@link #fromEnvironment()}
   */
  public static GraphSettings parse(Map<String, String> settings) {
    return parse(new SettingsReader(SettingsReader.of(settings)));
  }

  private static GraphSettings parse(SettingsReader r) {
    int mb = r.getInt(BUFFER_POOL_MB, DEFAULT_BUFFER_POOL_MB, 1, Integer.MAX_VALUE, "number of MiB",
        Integer.toString(DEFAULT_BUFFER_POOL_MB));
    long seed = r.getLong(SEED, DEFAULT_SEED, Long.toString(DEFAULT_SEED));
    return new GraphSettings((long) mb << 20, Path.of(r.get(TMPDIR, System.getProperty("java.io.tmpdir"))), seed);
  }

  /** The system property that mirrors {@link #TMPDIR} ({@code dbbench.graph.tmpdir}). */
  public static String propertyTmpdir() {
    return BenchConfig.propertyName(TMPDIR);
  }

  /**
   * Creates a fresh, empty trial directory {@code <root>/dbbench-graph-<random>}, creating
   * {@code root} when missing.
   *
   * @throws IllegalStateException naming {@code root} and the cause when it cannot be created
   */
  public static Path createTrialDir(Path root) {
    try {
      Files.createDirectories(root);
      return Files.createTempDirectory(root, "dbbench-graph-");
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      throw new IllegalStateException("cannot create a graph database directory under " + root
          + " (" + e + "); set " + TMPDIR + " to a writable directory", e);
    }
  }
}
