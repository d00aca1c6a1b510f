package io.dbbench.graph;

import io.dbbench.core.BenchConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The graph family's knobs, read through {@link BenchConfig} (environment variable, then system
 * property, then default) so that JMH forks see them:
 *
 * <ul>
 *   <li>{@code DBBENCH_GRAPH_BUFFER_POOL_MB} (default 256, graphd's default): Kuzu buffer pool in MiB.
 *   <li>{@code DBBENCH_GRAPH_TMPDIR} (default {@code java.io.tmpdir}): where each trial's database
 *       and journal directory is created (and deleted in tear-down).
 *   <li>{@code DBBENCH_GRAPH_SEED} (default 42): seed of the preloaded edges and of the ids the
 *       benchmarks pick.
 * </ul>
 */
public final class GraphConfig {
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

  private GraphConfig() {}

  /**
   * Buffer pool size in bytes.
   *
   * @throws IllegalArgumentException naming the variable when it is not a positive integer
   */
  public static long bufferPoolBytes() {
    int mb = BenchConfig.getInt(BUFFER_POOL_MB, DEFAULT_BUFFER_POOL_MB);
    if (mb <= 0) {
      throw new IllegalArgumentException(BUFFER_POOL_MB + "=" + mb
          + " must be a positive number of MiB, e.g. " + BUFFER_POOL_MB + "=" + DEFAULT_BUFFER_POOL_MB);
    }
    return (long) mb << 20;
  }

  /** The data seed. @throws IllegalArgumentException naming the variable when not an integer */
  public static long seed() {
    String v = BenchConfig.get(SEED, Long.toString(DEFAULT_SEED));
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(SEED + "='" + v + "' is not an integer; expected e.g. "
          + SEED + "=" + DEFAULT_SEED, e);
    }
  }

  /** The system property that mirrors {@link #TMPDIR} ({@code dbbench.graph.tmpdir}). */
  public static String propertyTmpdir() {
    return BenchConfig.propertyName(TMPDIR);
  }

  /** The directory under which trial directories are created. */
  public static Path tempRoot() {
    return Path.of(BenchConfig.get(TMPDIR, System.getProperty("java.io.tmpdir")));
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
