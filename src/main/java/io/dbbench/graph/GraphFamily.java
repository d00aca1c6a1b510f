package io.dbbench.graph;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.core.BackendKind;
import io.dbbench.core.BenchConfig;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
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
 * LadybugDB's upstream), reads and writes, with the write benchmarks run with GraphJ journaling
 * off, in graphd's form ({@code journal=on}: a writer thread) and in dbbench's ({@code journal=sync}:
 * on the query thread). Embedded and in-process, so it is available wherever Kuzu's native
 * library loads and a temp directory can be written.
 *
 * <p>graphd's points are its {@code benches/throughput_bench.rs} at 7628b1d: simple_match
 * (match_by_id, match_all_limit_10) on 1,000 preloaded nodes, read_throughput (scan_limit) on
 * 10,000, relationship_creation and complex_queries (two_hop_traversal) on 100, and every write group
 * into an empty database. Full mode measures each method at its group's preload ({@link #full});
 * 100,000 nodes is dbbench's extension, measured as a sweep of its own. Two forms: dbbench's
 * ({@code GraphReadBenchmark}, {@code GraphWriteBenchmark}: prepared statements, batches in one
 * transaction) and graphd's ({@code GraphdThroughputBenchmark}: each group's own preload, literal
 * queries compiled per call, auto-commits), which full mode runs in its graphd-form sweeps.
 */
public final class GraphFamily implements BenchmarkFamily {
  /** Node count of every method in quick mode (graphd's simple_match preload). */
  static final int QUICK_NODES = 1000;
  /** Node count of dbbench's extension sweep in full mode (graphd's benchmark has no such point). */
  static final int EXTENSION_NODES = 100_000;
  /**
   * graphd's preload per group in {@code benches/throughput_bench.rs} at 7628b1d, as dbbench's
   * {@code nodes}: its write groups start from an empty database, here 1 node (the entity
   * {@code mergeUpdate} rewrites; graphd's merge_update first creates its own).
   */
  static final int GRAPHD_WRITE_NODES = 1;
  static final int GRAPHD_MATCH_NODES = 1000;
  static final int GRAPHD_SCAN_NODES = 10_000;
  static final int GRAPHD_RELATIONSHIP_NODES = 100;
  /** The benchmarks of graphd's form ({@code GraphdThroughputBenchmark}), as a regex prefix. */
  static final String GRAPHD_FORM = "^io\\.dbbench\\.graph\\.GraphdThroughputBenchmark\\.";
  /** graphd's-form rows quick mode runs: its point lookup and its scan (at quick's {@code limit}). */
  static final String GRAPHD_FORM_QUICK = "matchById|scanLimit";

  @Override
  public String id() {
    return "graph";
  }

  /**
   * The sweep's seconds in the quick main job: 53 s in {@code results/20261126T144832Z} (its wall
   * time less its comparison's), less the seven write paths quick mode no longer runs (about 4 s each),
   * plus graphd's form's two rows (matchById, scanLimit limit=10: 15 s for both, JMH's start included,
   * with quick's options on the tmpfs here).
   */
  @Override
  public int expectedSweepSeconds() {
    return 43;
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
   * Seconds after which the quick comparison at graphd's write form (createInlined) starts no further
   * ABBA block: its pilot (6 pairs of default-length forks) is not yet measured on this machine; the
   * cap keeps it near the first comparison's pilot.
   */
  static final int QUICK_GRAPHD_FORM_CAP_SECONDS = 90;

  /**
   * Quick mode: 1000 nodes for every method (graphd's simple_match preload; full mode runs the other
   * groups at graphd's own), journal off in the sweep (journal on, for writeBatch 100, from the
   * headline comparison; sync and on for every write method and sync+fsync in full mode), batch
   * sizes 1 and 100, limit 10, the reads and writeBatch only (the other write paths run in full
   * mode) and of graphd's form ({@code GraphdThroughputBenchmark}) only matchById and scanLimit
   * ({@code projection=node}), to keep the family within two minutes on two cores;
   * the two headline comparisons, journal off against on (graphd's writer thread) on dbbench's write
   * form (writeBatch 100: prepared CREATEs in one transaction) and on graphd's (createInlined: one
   * literal CREATE auto-committed per call), each with a pilot of {@value #QUICK_HEADLINE_FORKS}
   * pairs, interleaved, six measured seconds per writeBatch fork;
   * databases and journals on a tmpfs ({@link #quickTempRoot}). Full mode: {@link #full}, in the
   * configured temp root.
   */
  @Override
  public FamilySettings settings(Mode mode) {
    // the headline comparisons in both modes: graphd's journal (writer thread) on dbbench's batched
    // write form (100 prepared CREATEs in one explicit transaction) and on graphd's own write form
    // (one literal CREATE auto-committed per call: throughput_bench's create_node and batch_insert/N)
    FamilySettings.Builder b = FamilySettings.builder()
        .comparison(new GraphForm().study().headline("journal")).comparisonExpectedSeconds(58);
    if (mode == Mode.FULL) {
      return full(b).build();
    }
    // six measured seconds per comparison fork: with two, 50-82% of the pairs' variance was
    // between a fork's iterations (a batch takes about 13 ms, its 1 s iterations scatter by 5-15%)
    b.comparisonOptions("-i", "6").comparisonCap(QUICK_COMPARISON_CAP_SECONDS)
        .comparison(new GraphForm().study().headline("journal-graphd-form")).comparisonExpectedSeconds(60)
        .comparisonCap(QUICK_GRAPHD_FORM_CAP_SECONDS);
    b.reduced("nodes", "1000 preloaded entities for every method (graphd's simple_match preload; graphd preloads"
        + " 10,000 for read_throughput, 100 for relationships and two-hop, none for its writes: full mode runs each"
        + " at graphd's), to fit the quick budget", "" + QUICK_NODES)
        // journal on comes from the headline comparison's interleaved forks: one fork of journal on
        // per write method beside one of off cannot support a verdict, so the quick budget goes to
        // the pairs (and to the server warm-ups)
        .param("journal", "off").param("batchSize", "1", "100").param("limit", "10")
        .exclude("^io\\.dbbench\\.graph\\.GraphWriteBenchmark\\.(autoCommit10Writes|createInlined|createRelationship"
            + "|createWithParams|mergeCreate|mergeUpdate|transaction10Writes)$", "graphd's single-query and"
            + " transaction write paths (one fork each with the journal off, no finding reads them): full mode runs them"
            + " with the journal off, sync and on; the quick budget goes to the headline comparisons' pairs")
        .param("projection", "node")
        .exclude(GRAPHD_FORM + "(?!(" + GRAPHD_FORM_QUICK + ")$)", "graphd's form of its other groups (full mode's"
            + " graphd-form sweep runs every group); quick mode keeps its point lookup and scan, literal queries"
            + " compiled per call beside dbbench's prepared matchById and readLimit")
        .headlineForks(QUICK_HEADLINE_FORKS);
    quickTempRoot().ifPresent(root -> b.forkProperty(GraphSettings.propertyTmpdir(), root.toString()));
    return b.build();
  }

  /**
   * Full mode, at graphd's points: the main sweep runs the write methods graphd writes into an empty
   * database ({@value #GRAPHD_WRITE_NODES} node here) with the journal off, sync (dbbench's form) and
   * on (graphd's writer thread); further sweeps run matchById and matchAllLimit10 on
   * {@value #GRAPHD_MATCH_NODES} nodes, readLimit (10-10,000) on {@value #GRAPHD_SCAN_NODES},
   * twoHopTraversal and createRelationship (journal off, sync, on) on
   * {@value #GRAPHD_RELATIONSHIP_NODES}; the journal with an fsync per write on the batched path
   * (100) and the single create; graphd's form ({@code GraphdThroughputBenchmark}, each group on its
   * own preload with graphd's literal queries) in the graphd-form sweep, and its scan with scalar
   * projections at 1,000 and 10,000 rows in graphd-form-scalars; and dbbench's extension, every read and write at
   * {@value #EXTENSION_NODES} nodes with the journal off (what the preload changes is the engine's
   * work; fullScan runs only there, graphd has no such group). Two forks of 2 + 4 one-second
   * iterations per row; the two headline comparisons (journal off against on, on dbbench's batched
   * form and on graphd's auto-committed literal CREATE) each capped at
   * {@value #FULL_COMPARISON_CAP_SECONDS} s.
   */
  static FamilySettings.Builder full(FamilySettings.Builder b) {
    String write = "^io\\.dbbench\\.graph\\.GraphWriteBenchmark\\.";
    String read = "^io\\.dbbench\\.graph\\.GraphReadBenchmark\\.";
    return b.param("journal", "off", "sync", "on").param("nodes", "" + GRAPHD_WRITE_NODES)
        .forks(2).warmupIterations(2).warmupTime("1s").iterations(4)
        .measurementTime("1s").sweepExpectedSeconds(FULL_SWEEP_SECONDS)
        .exclude(read, "graphd's reads run on its own preloads, in the graphd-* sweeps")
        .exclude(write + "createRelationship$", "graphd creates relationships among 100 nodes: the graphd-100 sweep")
        .exclude(GRAPHD_FORM, "graphd's form runs in the graphd-form sweeps, each group on its own preload")
        .comparisonCap(FULL_COMPARISON_CAP_SECONDS).comparisonExpectedSeconds(FULL_COMPARISON_SECONDS)
        .comparison(new GraphForm().study().headline("journal-graphd-form"))
        .comparisonCap(FULL_COMPARISON_CAP_SECONDS).comparisonExpectedSeconds(FULL_COMPARISON_SECONDS)
        .sweep("graphd-1000", read + "(matchById|matchAllLimit10)$", "graphd's simple_match group on its 1,000"
            + " preloaded nodes", FULL_MATCH_SECONDS, List.of(), "nodes", "" + GRAPHD_MATCH_NODES)
        .sweep("graphd-10000", read + "readLimit$", "graphd's read_throughput group (scan_limit 10-10,000) on its"
            + " 10,000 preloaded nodes", FULL_SCAN_SECONDS, List.of(), "nodes", "" + GRAPHD_SCAN_NODES)
        .sweep("graphd-100", "(" + read + "twoHopTraversal|" + write + "createRelationship)$", "graphd's"
            + " complex_queries (two-hop) and relationship_creation groups on their 100 preloaded nodes, the"
            + " relationships with the journal off, sync and on", FULL_RELATIONSHIP_SECONDS, List.of(),
            "nodes", "" + GRAPHD_RELATIONSHIP_NODES)
        .sweep("fsync", write + "(writeBatch|createWithParams)$", "dbbench's journal with an fsync per write"
            + " (sync+fsync; graphd has no such mode), on the batched path (100 nodes) and the single create: what"
            + " per-write durability costs at a representative point", FULL_FSYNC_SECONDS, List.of(),
            "journal", "sync+fsync", "batchSize", "100")
        .sweep("graphd-form", GRAPHD_FORM, "graphd's form: every group of its throughput_bench on graphd's own"
            + " preload, with its literal queries compiled per call, auto-commits and RETURN n", FULL_GRAPHD_FORM_SECONDS,
            List.of(), "projection", "node")
        .sweep("graphd-form-scalars", GRAPHD_FORM + "scanLimit$", "graphd's scan returning three scalar columns"
            + " (RETURN n.id, n.name, n.created_at) in place of the node, at 1,000 and 10,000 rows: what node conversion"
            + " costs a Java client", FULL_GRAPHD_SCALARS_SECONDS, List.of(), "projection", "scalars",
            "limit", "1000,10000")
        .sweep("dbbench-100k", read + "|" + write, "dbbench's extension beyond graphd's points: every read and"
            + " write on 100,000 preloaded nodes, journal off", FULL_EXTENSION_SECONDS, List.of(),
            "nodes", "" + EXTENSION_NODES, "journal", "off");
  }

  /** Full mode's main sweep (30 rows: 10 write methods x 3 journal modes, 2 forks each), seconds. */
  static final int FULL_SWEEP_SECONDS = 460;
  /** Full mode's graphd-1000 sweep (2 rows), seconds. */
  static final int FULL_MATCH_SECONDS = 35;
  /** Full mode's graphd-10000 sweep (4 rows), seconds. */
  static final int FULL_SCAN_SECONDS = 70;
  /** Full mode's graphd-100 sweep (4 rows), seconds. */
  static final int FULL_RELATIONSHIP_SECONDS = 65;
  /** Full mode's fsync sweep (2 rows), seconds. */
  static final int FULL_FSYNC_SECONDS = 30;
  /** Full mode's graphd-form sweep (16 rows: 7 reads, 4 of them scan limits, and 9 writes; 2 forks each), seconds. */
  static final int FULL_GRAPHD_FORM_SECONDS = 330;
  /** Full mode's graphd-form-scalars sweep (2 rows), seconds. */
  static final int FULL_GRAPHD_SCALARS_SECONDS = 45;
  /** Full mode's dbbench-100k sweep (19 rows on 100,000 nodes: 8 reads, 11 writes), seconds. */
  static final int FULL_EXTENSION_SECONDS = 320;
  /** Full mode's headline comparisons: each one's cap and what it is expected to take, seconds. */
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
      m.put("nodes_full", "graphd's per group: " + GRAPHD_WRITE_NODES + " (writes), " + GRAPHD_MATCH_NODES
          + " (matchById, matchAllLimit10), " + GRAPHD_SCAN_NODES + " (readLimit), " + GRAPHD_RELATIONSHIP_NODES
          + " (twoHopTraversal, createRelationship); dbbench's extension " + EXTENSION_NODES);
      EntityGraph.Dataset q = EntityGraph.generate(QUICK_NODES, seed);
      EntityGraph.Dataset f = EntityGraph.generate(EXTENSION_NODES, seed);
      m.put("edges_quick", q.edges());
      m.put("edges_extension", f.edges());
      m.put("dataset_crc32c_quick", Long.toHexString(q.checksum()));
      m.put("dataset_crc32c_extension", Long.toHexString(f.checksum()));
      m.put("temp_root", settings.tempRoot().toString());
      quickTempRoot().ifPresent(root -> m.put("temp_root_quick", root + " (tmpfs; DBBENCH_GRAPH_TMPDIR puts quick mode's"
          + " databases and journals elsewhere)"));
    } catch (RuntimeException e) {
      m.put("config_error", e.getMessage());
    }
    m.put("journal", "GraphJ (io.dbbench.graphj.JournalWriter): journal=on queues each successful mutating query to one"
        + " writer thread that syncs after " + WriterThreadJournal.GRAPHD_FSYNC_MS + " ms idle (graphd's design,"
        + " src/journal/mod.rs at 7628b1d); journal=sync writes it on the query thread before the query (dbbench's);"
        + " sync+fsync adds a force per entry");
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
