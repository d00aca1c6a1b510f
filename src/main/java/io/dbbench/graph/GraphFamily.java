package io.dbbench.graph;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.core.BackendKind;
import io.dbbench.core.BenchConfig;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Probe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The graph family: graphd's throughput study against its embedded database (Kuzu 0.11.2 here,
 * LadybugDB's upstream), reads and writes, with the write benchmarks run with graphd-style GraphJ
 * journaling off and on. Embedded and in-process, so it is available wherever Kuzu's native
 * library loads and a temp directory can be written.
 */
public final class GraphFamily implements BenchmarkFamily {
  /** Node counts in quick and full mode (graphd's benchmark preloads 100 000). */
  static final int QUICK_NODES = 1000;
  static final int FULL_NODES = 100_000;

  @Override
  public String id() {
    return "graph";
  }

  /**
   * The sweep's seconds in the quick main job: 53 s in {@code results/20261126T144832Z} (its wall
   * time less its comparison's), less the seven write paths quick mode no longer runs (about 4 s each).
   */
  @Override
  public int expectedSweepSeconds() {
    return 28;
  }

  @Override
  public String title() {
    return "Embedded graph database throughput (Kuzu/LadybugDB) with graphd journaling";
  }

  /**
   * Opens a one-node database in a fresh temp directory, reads it back and deletes it. Never
   * throws; the reason names what failed and what to set.
   */
  @Override
  public Probe probe() {
    return probeKuzu().withKind(BackendKind.EMBEDDED); // Kuzu itself, in the fork
  }

  private Probe probeKuzu() {
    GraphSettings settings;
    try {
      settings = GraphSettings.fromEnvironment();
    } catch (RuntimeException e) {
      return Probe.unavailable(e.getMessage(), describe());
    }
    try (GraphFixture f = GraphFixture.open(1, settings.seed(), 64L << 20, settings.tempRoot())) {
      GraphSession s = f.prepare(JournalMode.OFF);
      long n = EntityGraph.countNodes(s);
      return n == 1 ? Probe.ok(describe())
          : Probe.unavailable("Kuzu probe database held " + n + " nodes instead of 1", describe());
    } catch (LinkageError e) {
      return Probe.unavailable("Kuzu native library did not load (" + e
          + "); run on linux/macos x86_64 or aarch64, or windows x86_64");
    } catch (RuntimeException e) {
      return Probe.unavailable("embedded Kuzu failed: " + e.getMessage()
          + " (set " + GraphSettings.TMPDIR + " to a writable local directory)");
    }
  }

  /**
   * Pilot pairs of the quick headline comparison (the stopping rule adds pairs until the interval's
   * half-width is 10 points or the cap): the committed quick runs' journal pairs spread by 0.03-0.14
   * in ln, so 6 pairs meet the target on a quiet machine and 8-10 on a noisier one.
   */
  public static final int QUICK_HEADLINE_FORKS = 6;

  /**
   * Seconds after which the quick headline comparison starts no further ABBA block: a pair costs
   * about 16 s, and the pilot's 6 pairs (about 95 s) asked for 6-10 on the tmpfs (10 pairs: 162 s).
   */
  static final int QUICK_COMPARISON_CAP_SECONDS = 150;

  /**
   * Quick mode: 1000 nodes instead of graphd's 100 000, journal off in the sweep (journal on, for
   * writeBatch 100, from the headline comparison; on for every write method and on+fsync in full
   * mode), batch sizes 1 and 100, limit 10, the reads and writeBatch only (the other write paths
   * run in full mode), to keep the family within two minutes on two cores;
   * the headline comparison (writeBatch 100, journal off against on) with
   * a pilot of {@value #QUICK_HEADLINE_FORKS} pairs, interleaved, six measured seconds per fork;
   * databases and journals on a tmpfs ({@link #quickTempRoot}). Full mode: {@link #full}, in the
   * configured temp root.
   */
  @Override
  public FamilySettings settings(boolean full) {
    // the headline comparison in both modes: the journal's overhead on graphd's batched write path
    FamilySettings.Builder b = FamilySettings.builder()
        .comparison(new GraphForm().study().headline("journal")).comparisonExpectedSeconds(58);
    if (full) {
      return full(b).build();
    }
    b.reduced("nodes", "1000 preloaded entities instead of graphd's 100 000, to fit the quick budget", "" + QUICK_NODES)
        // journal on comes from the headline comparison's interleaved forks: one fork of journal on
        // per write method beside one of off cannot support a verdict, so the quick budget goes to
        // the pairs (and to the server warm-ups)
        .param("journal", "off").param("batchSize", "1", "100").param("limit", "10")
        .exclude("^io\\.dbbench\\.graph\\.GraphWriteBenchmark\\.(autoCommit10Writes|createInlined|createRelationship"
            + "|createWithParams|mergeCreate|mergeUpdate|transaction10Writes)$", "graphd's single-query and"
            + " transaction write paths (one fork each with the journal off, no finding reads them): full mode runs them"
            + " with the journal off, on and on with fsync; the quick budget goes to the headline comparison's pairs")
        // six measured seconds per comparison fork: with two, 50-82% of the pairs' variance was
        // between a fork's iterations (a batch takes about 13 ms, its 1 s iterations scatter by 5-15%)
        .comparisonOptions("-i", "6")
        .comparisonCap(QUICK_COMPARISON_CAP_SECONDS).headlineForks(QUICK_HEADLINE_FORKS);
    quickTempRoot().ifPresent(root -> b.forkProperty(GraphSettings.propertyTmpdir(), root.toString()));
    return b.build();
  }

  /**
   * Full mode: graphd's preloaded 100,000 nodes; every read (limits 10-10,000) and every write path
   * (batches of 1-1,000) with the journal off and on, two forks of 2 + 4 one-second iterations per
   * row; the journal with fsync on graphd's batched path (100) and its single create only, in a
   * further sweep (an fsync per write makes the other paths the disk's figures, not the engine's);
   * the headline comparison capped at {@value #FULL_COMPARISON_CAP_SECONDS} s.
   */
  static FamilySettings.Builder full(FamilySettings.Builder b) {
    return b.param("journal", "off", "on").forks(2).warmupIterations(2).warmupTime("1s").iterations(4)
        .measurementTime("1s").sweepExpectedSeconds(FULL_SWEEP_SECONDS)
        .comparisonCap(FULL_COMPARISON_CAP_SECONDS).comparisonExpectedSeconds(FULL_COMPARISON_SECONDS)
        .sweep("fsync", "^io\\.dbbench\\.graph\\.GraphWriteBenchmark\\.(writeBatch|createWithParams)$", "the journal"
            + " with an fsync per write, on graphd's batched path (100 nodes) and its single create: what durability"
            + " costs at a representative point", FULL_FSYNC_SECONDS, List.of(), "journal", "on+fsync", "batchSize", "100");
  }

  /** Full mode's main sweep (30 rows, 2 forks each), seconds. */
  static final int FULL_SWEEP_SECONDS = 460;
  /** Full mode's fsync sweep (2 rows), seconds. */
  static final int FULL_FSYNC_SECONDS = 30;
  /** Full mode's headline comparison: its cap and what it is expected to take, seconds. */
  static final int FULL_COMPARISON_CAP_SECONDS = 900;
  static final int FULL_COMPARISON_SECONDS = 530;

  /** Quick mode's temp root when the user set none: a tmpfs, so no commit waits on the disk. */
  static final Path QUICK_TEMP_ROOT = Path.of("/dev/shm");

  /**
   * Where quick mode's trials put their databases and journals: {@link #QUICK_TEMP_ROOT} (a tmpfs)
   * when {@value GraphSettings#TMPDIR} is not set and it is a writable directory, else empty (the
   * configured root). On this project's VM the same journal comparison on the virtual disk spread
   * its pairs by 0.19 in ln and its 1 s iterations by up to 2x (Kuzu's commits wait on a disk the
   * host shares), on the tmpfs by 0.10: quick mode's finding is the journal's cost beside Kuzu's
   * in-memory commit, full mode's (the configured root) beside a commit to disk.
   */
  static Optional<Path> quickTempRoot() {
    if (BenchConfig.get(GraphSettings.TMPDIR).isPresent()) {
      return Optional.empty();
    }
    return Files.isDirectory(QUICK_TEMP_ROOT) && Files.isWritable(QUICK_TEMP_ROOT) ? Optional.of(QUICK_TEMP_ROOT)
        : Optional.empty();
  }

  /** Backend, buffer pool, seed, dataset sizes and checksums, temp root. */
  static Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("backend", "embedded, in the fork: Kuzu " + safeVersion() + " (engine=kuzu, LadybugDB's upstream) or LadybugDB"
        + " (engine=ladybug, where built; versions under engines)");
    try {
      GraphSettings settings = GraphSettings.fromEnvironment();
      m.put("buffer_pool_bytes", settings.bufferPoolBytes());
      long seed = settings.seed();
      m.put("seed", seed);
      m.put("nodes_quick", QUICK_NODES);
      m.put("nodes_full", FULL_NODES);
      EntityGraph.Dataset q = EntityGraph.generate(QUICK_NODES, seed);
      EntityGraph.Dataset f = EntityGraph.generate(FULL_NODES, seed);
      m.put("edges_quick", q.edges());
      m.put("edges_full", f.edges());
      m.put("dataset_crc32c_quick", Long.toHexString(q.checksum()));
      m.put("dataset_crc32c_full", Long.toHexString(f.checksum()));
      m.put("temp_root", settings.tempRoot().toString());
      quickTempRoot().ifPresent(root -> m.put("temp_root_quick", root + " (tmpfs; DBBENCH_GRAPH_TMPDIR puts quick mode's"
          + " databases and journals elsewhere)"));
    } catch (RuntimeException e) {
      m.put("config_error", e.getMessage());
    }
    m.put("journal", "GraphJ (io.dbbench.graphj.JournalWriter), appended before each mutating query");
    m.put("engines", engines());
    return m;
  }

  /**
   * Each engine ({@link GraphEngine}) with its library version, or why this build lacks it; for
   * LadybugDB, also the npm package, version and checksums its library was built from (the
   * {@code build.json} that {@code scripts/build-ladybug.sh} writes beside it), when present.
   * Kuzu's version is read in this process (the probe has loaded Kuzu), LadybugDB's in a child JVM
   * ({@link GraphEngine#versionInChildJvm}): the two native libraries cannot share a process.
   */
  static Map<String, Object> engines() {
    Map<String, Object> m = new LinkedHashMap<>();
    for (GraphEngine e : GraphEngine.values()) {
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("product", e.product());
      if (e.available()) {
        try {
          one.put("version", e == GraphEngine.KUZU ? e.version() : e.versionInChildJvm());
        } catch (LinkageError | RuntimeException x) {
          one.put("error", "native library did not load: " + x);
        }
      } else {
        one.put("unavailable", e.unavailableReason());
      }
      if (e == GraphEngine.LADYBUG && one.get("version") instanceof String v) {
        ladybugBuild(v).ifPresent(b -> one.put("built_from", b));
      }
      m.put(e.id(), one);
    }
    return m;
  }

  /** The {@code build.json} of LadybugDB {@code version}'s build under {@code DBBENCH_CACHE} (default ~/.cache/dbbench). */
  private static Optional<Object> ladybugBuild(String version) {
    String cache = System.getenv().getOrDefault("DBBENCH_CACHE", System.getProperty("user.home") + "/.cache/dbbench");
    Path file = Path.of(cache, "ladybug", version, "build.json");
    try {
      return Files.isRegularFile(file) ? Optional.<Object>of(new ObjectMapper().readValue(file.toFile(), Map.class))
          : Optional.empty();
    } catch (IOException | RuntimeException x) {
      return Optional.of("unreadable " + file + ": " + x.getMessage());
    }
  }

  private static String safeVersion() {
    try {
      return KuzuGraphDatabase.version();
    } catch (LinkageError | RuntimeException e) {
      return "(native library did not load: " + e + ")";
    }
  }
}
